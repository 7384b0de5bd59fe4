// The nightly backup, invoked by an EventBridge Scheduler schedule: every user backed up for today's date (UTC). The
// backups bucket's lifecycle rule removes old backups, so nothing is pruned here.
import { documentTable } from '../adapters/aws/dynamodb';
import { createLogger } from '../adapters/aws/logger';
import { runNightlyBackup } from '../jobs/backup';
import { cloudBackupDeps } from './backup-deps';
import { backupConfig } from './cloud-config';

const config = backupConfig();
const deps = cloudBackupDeps(config, documentTable(config.TABLE_NAME), createLogger(config.LOG_LEVEL));

export const handler = () => runNightlyBackup(deps);
