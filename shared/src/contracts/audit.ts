// The audit trail of patient data (HIPAA §164.312(b)): who read, changed, exported, imported or deleted which patients,
// when, from which login session and address. One request is one entry, naming every patient it touched (a panel view
// of 500 patients is one entry of 500 ids, not 500 entries). Entries are append-only; a user reads only their own trail.
import * as z from 'zod';
import { displayName } from '../patients/patient-name';

/**
 * What was done to the patient: `list` is the panel's view of it (name, room, tasks), `read` the whole record,
 * `restore` a nightly backup put back over it.
 */
export const AUDIT_ACTIONS = ['list', 'read', 'create', 'change', 'delete', 'export', 'import', 'restore'] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** HIPAA §164.316(b)(2)(i) keeps documentation six years; the deploy config may keep the trail longer, never shorter. */
export const MIN_AUDIT_RETENTION_YEARS = 6;

/** Entries for one page of the Activity list. */
export const AUDIT_PAGE_SIZE = 50;
/**
 * Most patients one entry names: 5,000 ids stay well inside DynamoDB's 400 KB item; a request touching more is
 * recorded as several entries.
 */
export const MAX_AUDIT_PATIENTS = 5_000;
/** Most entries the recorder takes in one call (inside a Lambda's 6 MB payload at MAX_AUDIT_PATIENTS each). */
export const MAX_AUDIT_EVENTS = 20;

/** What the API asks the audit writer to record; the writer adds the entry's id and the time. */
export const AuditEvent = z.strictObject({
  userId: z.string().min(1).max(200),
  /** The patients the request touched, in the order it gave them. */
  patientIds: z.array(z.string().min(1).max(200)).min(1).max(MAX_AUDIT_PATIENTS),
  action: AuditAction,
  sessionId: z.string().max(200),
  clientIp: z.string().max(100),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditEntry = AuditEvent.extend({ id: z.uuid(), at: z.iso.datetime() });
export type AuditEntry = z.infer<typeof AuditEntry>;

/**
 * An entry as Settings → Activity shows it: an entry of one patient with the patient's name while the patient still
 * exists (null after); an entry of several patients has none (the list shows how many).
 */
export const AuditEntryView = AuditEntry.extend({ patientName: z.string().nullable() });
export type AuditEntryView = z.infer<typeof AuditEntryView>;

/** An entry's patientName, from the user's patients as they are now. */
export const auditedPatientName = (entry: Pick<AuditEntry, 'patientIds'>, patients: readonly { id: string; lastname: string; firstname: string }[]): string | null => {
  const [only, ...others] = entry.patientIds;
  const patient = others.length === 0 ? patients.find((p) => p.id === only) : undefined;
  return patient ? displayName(patient) : null;
};

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
