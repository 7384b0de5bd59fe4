// The patient panel. Writes are version-checked (409 on a stale version) and pushed to the user's other tabs.
// Route order matters: the fixed paths (/patients/export, /patients/import, /patients/delete-all) are registered before
// /patients/{patientId}, so "export" is never read as an id.
import { OpenAPIHono } from '@hono/zod-openapi';
import { notFound, patientsContract } from '@chartside/shared';
import {
  createPatient,
  deleteAllPatients,
  deletePatient,
  exportPanel,
  getTimeTracking,
  importPatients,
  patchPatient,
  putTimeTracking,
} from '../services/patient-service';
import { callerOf, patientCallerOf } from './caller';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['patients'];

export const patientsRouter = (deps: HttpDeps, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(patientsContract.list, { tags }), async (c) => {
    return c.json({ patients: await deps.patients.list(c.get('userId')) }, 200);
  });

  router.openapi(routeFrom(patientsContract.create, { tags }), async (c) => {
    return c.json(await createPatient(deps, patientCallerOf(deps, c), c.req.valid('json')), 200);
  });

  router.openapi(routeFrom(patientsContract.exportAll, { tags }), async (c) => {
    return c.json(await exportPanel(deps, callerOf(deps, c)), 200);
  });

  router.openapi(routeFrom(patientsContract.importPatients, { tags }), async (c) => {
    return c.json(await importPatients(deps, patientCallerOf(deps, c), c.req.valid('json').patients), 200);
  });

  router.openapi(routeFrom(patientsContract.removeAll, { tags }), async (c) => {
    return c.json(await deleteAllPatients(deps, callerOf(deps, c)), 200);
  });

  router.openapi(routeFrom(patientsContract.get, { tags }), async (c) => {
    const patient = await deps.patients.get(c.get('userId'), c.req.valid('param').patientId);
    if (!patient) throw notFound('That patient');
    return c.json(patient, 200);
  });

  router.openapi(routeFrom(patientsContract.patch, { tags }), async (c) => {
    return c.json(await patchPatient(deps, patientCallerOf(deps, c), c.req.valid('param').patientId, c.req.valid('json')), 200);
  });

  router.openapi(routeFrom(patientsContract.remove, { tags }), async (c) => {
    return c.json(await deletePatient(deps, callerOf(deps, c), c.req.valid('param').patientId), 200);
  });

  router.openapi(routeFrom(patientsContract.getTimeTracking, { tags }), async (c) => {
    return c.json(await getTimeTracking(deps, callerOf(deps, c), c.req.valid('param').patientId), 200);
  });

  router.openapi(routeFrom(patientsContract.putTimeTracking, { tags }), async (c) => {
    return c.json(await putTimeTracking(deps, callerOf(deps, c), c.req.valid('param').patientId, c.req.valid('json')), 200);
  });

  return router;
};
