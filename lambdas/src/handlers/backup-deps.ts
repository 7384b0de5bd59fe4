// The nightly backups' adapters in the cloud: the backups bucket, and the files bucket for the file manifest.
import type { Logger } from '@aws-lambda-powertools/logger';
import { S3Client } from '@aws-sdk/client-s3';
import { s3BackupStore } from '../adapters/aws/s3-backup-store';
import { s3FileManifest } from '../adapters/aws/s3-list';
import type { Table } from '../data/table';
import type { BackupDeps } from '../jobs/backup';
import { systemClock } from '../ports/clock';
import type { BackupConfig } from './cloud-config';

export const cloudBackupDeps = (config: Pick<BackupConfig, 'FILES_BUCKET' | 'BACKUPS_BUCKET'>, table: Table, logger: Logger): BackupDeps => {
  const s3 = new S3Client({});
  return { table, backups: s3BackupStore(s3, config.BACKUPS_BUCKET), fileManifest: s3FileManifest(s3, config.FILES_BUCKET), clock: systemClock, logger };
};
