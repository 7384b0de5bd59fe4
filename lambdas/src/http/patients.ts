// The patient panel. Writes are version-checked (409 on a stale version) and pushed to the user's other tabs.
// Route order matters: the fixed paths (/patients/export, /patients/import, /patients/delete-all) are registered before
// /patients/{patientId}, so "export" is never read as an id. Every read and write of a patient is recorded in the audit trail.
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
import { recordPatientAccess } from './audit';
import { callerOf, patientCallerOf } from './caller';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['patients'];

export const patientsRouter = (deps: Pick<HttpDeps, 'audit' | 'broadcast' | 'clientIp' | 'clock' | 'patients' | 'userDirectory' | 'users'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(patientsContract.list, { tags }), async (c) => {
    const patients = await deps.patients.list(c.get('userId'));
    await recordPatientAccess(deps, c, 'list', patients.map((p) => p.id));
    return c.json({ patients }, 200);
  });

  router.openapi(routeFrom(patientsContract.create, { tags }), async (c) => {
    const patient = await createPatient(deps, patientCallerOf(deps, c), c.req.valid('json'));
    await recordPatientAccess(deps, c, 'create', [patient.id]);
    return c.json(patient, 200);
  });

  router.openapi(routeFrom(patientsContract.exportAll, { tags }), async (c) => {
    const file = await exportPanel(deps, callerOf(deps, c));
    await recordPatientAccess(deps, c, 'export', file.patients.map((p) => p.id));
    return c.json(file, 200);
  });

  router.openapi(routeFrom(patientsContract.importPatients, { tags }), async (c) => {
    const { patients } = c.req.valid('json');
    const result = await importPatients(deps, patientCallerOf(deps, c), patients);
    await recordPatientAccess(deps, c, 'import', patients.map((p) => p.id));
    return c.json(result, 200);
  });

  router.openapi(routeFrom(patientsContract.removeAll, { tags }), async (c) => {
    const deletedIds = await deleteAllPatients(deps, callerOf(deps, c));
    await recordPatientAccess(deps, c, 'delete', deletedIds);
    return c.json({ deleted: deletedIds.length }, 200);
  });

  router.openapi(routeFrom(patientsContract.get, { tags }), async (c) => {
    const patient = await deps.patients.get(c.get('userId'), c.req.valid('param').patientId);
    if (!patient) throw notFound('That patient');
    await recordPatientAccess(deps, c, 'read', [patient.id]);
    return c.json(patient, 200);
  });

  router.openapi(routeFrom(patientsContract.patch, { tags }), async (c) => {
    const { version, lastSessionId, updatedAt } = await patchPatient(deps, patientCallerOf(deps, c), c.req.valid('param').patientId, c.req.valid('json'), (changed) =>
      recordPatientAccess(deps, c, 'change', [changed.id]),
    );
    // What the write set, not the whole patient: the page applies its patch to its own copy.
    return c.json({ version, lastSessionId, updatedAt }, 200);
  });

  router.openapi(routeFrom(patientsContract.remove, { tags }), async (c) => {
    const { patientId } = c.req.valid('param');
    const result = await deletePatient(deps, callerOf(deps, c), patientId);
    await recordPatientAccess(deps, c, 'delete', [patientId]);
    return c.json(result, 200);
  });

  router.openapi(routeFrom(patientsContract.getTimeTracking, { tags }), async (c) => {
    const { patientId } = c.req.valid('param');
    const record = await getTimeTracking(deps, callerOf(deps, c), patientId);
    await recordPatientAccess(deps, c, 'read', [patientId]);
    return c.json(record, 200);
  });

  router.openapi(routeFrom(patientsContract.putTimeTracking, { tags }), async (c) => {
    const { patientId } = c.req.valid('param');
    const record = await putTimeTracking(deps, callerOf(deps, c), patientId, c.req.valid('json'));
    await recordPatientAccess(deps, c, 'change', [patientId]);
    return c.json(record, 200);
  });

  return router;
};
