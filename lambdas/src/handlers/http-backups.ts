// The HTTP API's backups function: the user's daily copy, and the nightly backups listed, previewed and restored.
import { handle } from 'hono/aws-lambda';
import { BackupRepository } from '../data/backup-repository';
import { createApp } from '../http/app';
import { backupsRouters, type BackupsGroupDeps } from '../http/groups/backups';
import { audit } from './audit-deps';
import { cloudBackupDeps } from './backup-deps';
import { config, logger, table } from './base-deps';
import { httpBaseDeps } from './http-base-deps';
import { broadcast } from './realtime-deps';
import { userDeps } from './user-deps';

const deps: BackupsGroupDeps = {
  ...httpBaseDeps,
  ...userDeps,
  broadcast,
  backups: new BackupRepository(table),
  userBackups: cloudBackupDeps(config, table, logger),
  audit,
};

export const handler = handle(createApp(deps, (hook) => backupsRouters(deps, hook)));
