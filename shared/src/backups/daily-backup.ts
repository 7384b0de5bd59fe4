// The daily backup of the user document (spec section 3): once per date, kept under the user's backups by date.
import * as z from 'zod';
import { UserDocument } from '../user/user-document';

export const BACKUP_VERSION = '1.0';
/** The web app asks for the day's backup this long after the user document loads. */
export const BACKUP_DELAY_MS = 1_000;

export const BackupDate = z.iso.date();

export const DailyBackup = z.object({
  originalData: UserDocument,
  backupDate: BackupDate,
  backupTimestamp: z.iso.datetime(),
  userId: z.string(),
  version: z.literal(BACKUP_VERSION),
});
export type DailyBackup = z.infer<typeof DailyBackup>;

export const CreateBackupBody = z.strictObject({ backupDate: BackupDate });

/** `created` is false when that date already had its backup: a second call the same day writes nothing. */
export const CreateBackupResponse = z.object({ created: z.boolean(), backupDate: BackupDate, backupTimestamp: z.iso.datetime() });
