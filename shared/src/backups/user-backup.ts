// The nightly backup of everything a user keeps (issue 15), beside the spec's daily backup of the user document: what one
// backup holds, what a restore of it would do, and what it did.
import * as z from 'zod';
import { BackupDate } from './daily-backup';

/** Backups older than this many days are removed (an S3 lifecycle rule in the cloud, pruning locally). */
export const BACKUP_RETENTION_DAYS = 35;

/** The kinds of records a backup holds, in the order they are shown. */
export const BACKUP_KINDS = ['userDocument', 'resources', 'patients', 'timeTracking', 'chats', 'admissions', 'feedSettings'] as const;
export const BackupKind = z.enum(BACKUP_KINDS);
export type BackupKind = z.infer<typeof BackupKind>;

/** How many records of each kind; a kind the backup holds none of is 0. */
export const BackupCounts = z.object(Object.fromEntries(BACKUP_KINDS.map((kind) => [kind, z.number().int().nonnegative()])) as Record<BackupKind, z.ZodNumber>);
export type BackupCounts = z.infer<typeof BackupCounts>;

export const emptyBackupCounts = (): BackupCounts => Object.fromEntries(BACKUP_KINDS.map((kind) => [kind, 0])) as BackupCounts;

/** One stored backup: its date, when it was taken, its record counts, and how many files (and bytes) its manifest lists. */
export const BackupSummary = z.object({
  backupDate: BackupDate,
  createdAt: z.iso.datetime(),
  counts: BackupCounts,
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});
export type BackupSummary = z.infer<typeof BackupSummary>;

export const BackupList = z.object({ backups: z.array(BackupSummary) });

/** A record the restore would put back in place of the current one, which changed after the backup. */
export const ReplacedRecord = z.object({
  kind: BackupKind,
  id: z.string(),
  /** The record's name as the user knows it (a patient's name, a resource's title); the id when it has none. */
  label: z.string(),
  /** When the current copy was last changed, when it says. */
  changedAt: z.string().optional(),
});
export type ReplacedRecord = z.infer<typeof ReplacedRecord>;

/** A preview lists at most this many replaced records; `replacedMore` counts the rest. */
export const MAX_LISTED_REPLACED = 200;

/**
 * What restoring a backup would do: add the records missing now, replace those changed since, and keep both the unchanged
 * ones and those created after the backup (a restore never deletes a record the backup does not hold).
 */
export const RestorePreview = z.object({
  backupDate: BackupDate,
  add: BackupCounts,
  replace: BackupCounts,
  unchanged: BackupCounts,
  /** Records created after the backup: kept as they are. */
  keptNewer: BackupCounts,
  replaced: z.array(ReplacedRecord),
  replacedMore: z.number().int().nonnegative(),
});
export type RestorePreview = z.infer<typeof RestorePreview>;

/**
 * A restore names the preview it confirms: what it expected to add and replace. When the data changed since (another
 * device saved), the counts differ and the restore answers 409 instead of replacing what the user did not see.
 */
export const RestoreBody = z.strictObject({ expect: z.strictObject({ add: BackupCounts, replace: BackupCounts }) });

export const RestoreResult = z.object({ backupDate: BackupDate, added: BackupCounts, replaced: BackupCounts });
export type RestoreResult = z.infer<typeof RestoreResult>;
