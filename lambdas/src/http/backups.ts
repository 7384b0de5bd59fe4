// Backups of the signed-in user's own data: the spec's daily copy of the user document (the stored document, never the
// request's), and the nightly backups listed, previewed and restored. The user id always comes from the token.
import { OpenAPIHono } from '@hono/zod-openapi';
import { BackupDate, backupsContract, badRequest } from '@chartside/shared';
import { listBackups } from '../jobs/backup';
import { previewRestore, restoreBackup } from '../jobs/restore';
import { recordPatientAccess } from './audit';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const DAY_MS = 86_400_000;

/** The browser names its local date, which is at most one day from the server's UTC date anywhere on Earth. */
const isAroundToday = (backupDate: string, now: Date) => Math.abs(Date.parse(backupDate) - Date.parse(now.toISOString().slice(0, 10))) <= DAY_MS;

/** A backup's date from the path: 400 unless it is a real YYYY-MM-DD date. */
const backupDateOf = (date: string) => {
  const parsed = BackupDate.safeParse(date);
  if (!parsed.success) throw badRequest(`"${date.slice(0, 40)}" is not a date: give it as YYYY-MM-DD.`);
  return parsed.data;
};

export const backupsRouter = (deps: Pick<HttpDeps, 'audit' | 'backups' | 'broadcast' | 'clientIp' | 'clock' | 'userBackups' | 'userDirectory' | 'users'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);
  const restoreDeps = { ...deps.userBackups, broadcast: deps.broadcast };

  router.openapi(routeFrom(backupsContract.daily, { tags: ['backups'] }), async (c) => {
    const { backupDate } = c.req.valid('json');
    const now = deps.clock.now();
    if (!isAroundToday(backupDate, now)) throw badRequest(`backupDate must be today's date (${now.toISOString().slice(0, 10)} in UTC, give or take a day).`);
    const accessToken = c.get('accessToken');
    const document = await deps.users.getOrCreate(c.get('userId'), () => deps.userDirectory.emailOf(accessToken));
    return c.json(await deps.backups.createOnce(document, backupDate, now), 200);
  });

  router.openapi(routeFrom(backupsContract.list, { tags: ['backups'] }), async (c) => c.json({ backups: await listBackups(deps.userBackups, c.get('userId')) }, 200));

  router.openapi(routeFrom(backupsContract.preview, { tags: ['backups'] }), async (c) =>
    c.json(await previewRestore(restoreDeps, c.get('userId'), backupDateOf(c.req.valid('param').date)), 200),
  );

  router.openapi(routeFrom(backupsContract.restore, { tags: ['backups'] }), async (c) => {
    const backupDate = backupDateOf(c.req.valid('param').date);
    const recordRestoredPatients = (patientIds: readonly string[]) => recordPatientAccess(deps, c, 'restore', patientIds);
    return c.json(await restoreBackup({ ...restoreDeps, recordRestoredPatients }, c.get('userId'), backupDate, c.req.valid('json').expect), 200);
  });

  return router;
};
