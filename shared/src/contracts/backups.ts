import { CreateBackupBody, CreateBackupResponse } from '../backups/daily-backup';

export const backupsContract = {
  daily: {
    method: 'post',
    path: '/backups/daily',
    summary: "Back up the user document for the given date, once: a second call the same date writes nothing",
    body: CreateBackupBody,
    response: CreateBackupResponse,
  },
} as const;
