// The audit writer: the one code that appends audit entries, run by its own function in the cloud (whose role may only
// PutItem on the audit table) and called in-process by the local runtime. It, not the caller, stamps the id and the
// time, so an entry cannot be back-dated or aimed at an existing key.
import type { AuditEntry, AuditEvent } from '@chartside/shared';
import { appendAuditEntry } from '../data/audit-trail';
import type { Table } from '../data/table';
import type { Clock } from '../ports/clock';

export interface AuditWriterDeps {
  /** The audit table (not the data table). */
  table: Table;
  clock: Clock;
  /** How long entries are kept (the deploy config's auditRetentionYears; at least six). */
  retentionYears: number;
}

/** Puts at a time: an export of a whole panel records one entry per patient. */
const PUT_BATCH = 25;

export const expiryOf = (at: Date, retentionYears: number): number => {
  const expires = new Date(at);
  expires.setUTCFullYear(expires.getUTCFullYear() + retentionYears);
  return Math.floor(expires.getTime() / 1000);
};

export const writeAuditEvents = async (deps: AuditWriterDeps, events: readonly AuditEvent[]): Promise<{ written: number }> => {
  const now = deps.clock.now();
  const expiresAt = expiryOf(now, deps.retentionYears);
  const entries: AuditEntry[] = events.map((event) => ({ ...event, id: crypto.randomUUID(), at: now.toISOString() }));
  for (let i = 0; i < entries.length; i += PUT_BATCH) {
    await Promise.all(entries.slice(i, i + PUT_BATCH).map((entry) => appendAuditEntry(deps.table, entry, expiresAt)));
  }
  return { written: entries.length };
};
