// Admission notes (H&P). Writes are version-checked (409 on a stale version) and pushed to the user's other tabs.
import { OpenAPIHono } from '@hono/zod-openapi';
import { admissionsContract, notFound } from '@chartside/shared';
import { createAdmission, deleteAdmission, patchAdmission } from '../services/admission-service';
import { recordPatientAccess } from './audit';
import { callerOf } from './caller';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['admissions'];

export const admissionsRouter = (deps: Pick<HttpDeps, 'admissions' | 'audit' | 'broadcast' | 'clientIp' | 'clock' | 'patients' | 'userDirectory' | 'users'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(admissionsContract.list, { tags }), async (c) => {
    return c.json({ admissions: await deps.admissions.list(c.get('userId')) }, 200);
  });

  router.openapi(routeFrom(admissionsContract.create, { tags }), async (c) => {
    const body = c.req.valid('json');
    const admission = await createAdmission(deps, callerOf(deps, c), body);
    // A note started from a panel patient copies that patient's record: a read of it.
    if (body.patientId !== undefined) await recordPatientAccess(deps, c, 'read', [body.patientId]);
    return c.json(admission, 200);
  });

  router.openapi(routeFrom(admissionsContract.get, { tags }), async (c) => {
    const admission = await deps.admissions.get(c.get('userId'), c.req.valid('param').admissionId);
    if (!admission) throw notFound('That admission note');
    return c.json(admission, 200);
  });

  router.openapi(routeFrom(admissionsContract.patch, { tags }), async (c) => {
    return c.json(await patchAdmission(deps, callerOf(deps, c), c.req.valid('param').admissionId, c.req.valid('json')), 200);
  });

  router.openapi(routeFrom(admissionsContract.remove, { tags }), async (c) => {
    return c.json(await deleteAdmission(deps, callerOf(deps, c), c.req.valid('param').admissionId), 200);
  });

  return router;
};
