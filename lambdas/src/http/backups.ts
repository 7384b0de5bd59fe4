// The daily backup of the user document: the stored document (never the request's) copied once per date.
import { OpenAPIHono } from '@hono/zod-openapi';
import { backupsContract, badRequest } from '@chartside/shared';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const DAY_MS = 86_400_000;

/** The browser names its local date, which is at most one day from the server's UTC date anywhere on Earth. */
const isAroundToday = (backupDate: string, now: Date) => Math.abs(Date.parse(backupDate) - Date.parse(now.toISOString().slice(0, 10))) <= DAY_MS;

export const backupsRouter = (deps: HttpDeps, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(backupsContract.daily, { tags: ['backups'] }), async (c) => {
    const { backupDate } = c.req.valid('json');
    const now = deps.clock.now();
    if (!isAroundToday(backupDate, now)) throw badRequest(`backupDate must be today's date (${now.toISOString().slice(0, 10)} in UTC, give or take a day).`);
    const accessToken = c.get('accessToken');
    const document = await deps.users.getOrCreate(c.get('userId'), () => deps.userDirectory.emailOf(accessToken));
    return c.json(await deps.backups.createOnce(document, backupDate, now), 200);
  });

  return router;
};
