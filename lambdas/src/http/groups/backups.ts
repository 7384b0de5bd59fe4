// The backups group: the user's daily copy, and the nightly backups listed, previewed and restored, on the backups bucket
// and the audit trail (a restore writes patients).
import type { AppDeps, DepsOf, Hook, Routers } from '../app';
import { backupsRouter } from '../backups';

export type BackupsGroupDeps = AppDeps & DepsOf<typeof backupsRouter>;

export const backupsRouters = (deps: BackupsGroupDeps, hook: Hook): Routers => ({ secured: [backupsRouter(deps, hook)] });
