// The audit trail of patient data (HIPAA §164.312(b)): who read, changed, exported, imported or deleted which patient,
// when, from which login session and address. Entries are append-only; a user reads only their own trail.
import * as z from 'zod';

/**
 * What was done to the patient: `list` is the panel's view of it (name, room, tasks), `read` the whole record,
 * `restore` a nightly backup put back over it.
 */
export const AUDIT_ACTIONS = ['list', 'read', 'create', 'change', 'delete', 'export', 'import', 'restore'] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** HIPAA §164.316(b)(2)(i) keeps documentation six years; the deploy config may keep the trail longer, never shorter. */
export const MIN_AUDIT_RETENTION_YEARS = 6;

/** Entries for one page of the Activity list, and the most the recorder takes in one call (an export of a whole panel). */
export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_EVENTS = 5_000;

/** What the API asks the audit writer to record; the writer adds the entry's id and the time. */
export const AuditEvent = z.strictObject({
  userId: z.string().min(1).max(200),
  patientId: z.string().min(1).max(200),
  action: AuditAction,
  sessionId: z.string().max(200),
  clientIp: z.string().max(100),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditEntry = AuditEvent.extend({ id: z.uuid(), at: z.iso.datetime() });
export type AuditEntry = z.infer<typeof AuditEntry>;

/** An entry as Settings → Activity shows it: with the patient's name while the patient still exists (null after). */
export const AuditEntryView = AuditEntry.extend({ patientName: z.string().nullable() });
export type AuditEntryView = z.infer<typeof AuditEntryView>;

/** Where the next page starts: the last entry's time and id, as the previous page gave it. */
export const AuditCursor = z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9a-f-]{36}$/, 'cursor must be the nextCursor of the previous page');

export const AuditTrailQuery = z.object({
  cursor: AuditCursor.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
});
export const AuditTrailPage = z.object({ entries: z.array(AuditEntryView), nextCursor: AuditCursor.nullable() });
export type AuditTrailPage = z.infer<typeof AuditTrailPage>;

export const auditContract = {
  trail: {
    method: 'get',
    path: '/audit',
    summary: "The caller's own audit trail of patient data, newest first, a page at a time",
    query: AuditTrailQuery,
    response: AuditTrailPage,
  },
} as const;
