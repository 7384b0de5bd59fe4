import type { AuditEvent } from '@chartside/shared';

/**
 * Hands events to the audit writer, which adds their id and time and appends them. Resolves once they are stored, so a
 * request that touched patient data is not answered before its entries exist.
 */
export interface AuditRecorder {
  record(events: readonly AuditEvent[]): Promise<void>;
}
