import { CreateBackupBody, CreateBackupResponse } from '../backups/daily-backup';
import { BackupList, RestoreBody, RestorePreview, RestoreResult } from '../backups/user-backup';

export const backupsContract = {
  daily: {
    method: 'post',
    path: '/backups/daily',
    summary: "Back up the user document for the given date, once: a second call the same date writes nothing",
    body: CreateBackupBody,
    response: CreateBackupResponse,
  },
  list: { method: 'get', path: '/backups', summary: "The user's nightly backups, newest first, with their record counts", response: BackupList },
  preview: {
    method: 'get',
    path: '/backups/{date}/preview',
    summary: 'What restoring that backup would add and replace (records changed since it), and what it keeps',
    response: RestorePreview,
  },
  restore: {
    method: 'post',
    path: '/backups/{date}/restore',
    summary: 'Restore that backup, confirming the preview’s counts (409 when the data changed since the preview)',
    body: RestoreBody,
    response: RestoreResult,
  },
} as const;
