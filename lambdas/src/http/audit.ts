// The audit trail of patient data: the one helper the routes record through, and GET /audit, the caller's own trail.
import { OpenAPIHono } from '@hono/zod-openapi';
import { auditContract, auditedPatientName, MAX_AUDIT_PATIENTS, type AuditAction, type AuditEvent } from '@chartside/shared';
import type { Context } from 'hono';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];

/**
 * Records that the caller did `action` to these patients, as one entry (several past MAX_AUDIT_PATIENTS): the user from
 * the verified token, the login session the request named and the client address as this runtime derives it. Called
 * after the action succeeded, and awaited, so a request is not answered before its entry is stored. No patients, no entry.
 */
export const recordPatientAccess = (deps: Pick<HttpDeps, 'audit' | 'clientIp'>, c: Context<HttpEnv>, action: AuditAction, patientIds: readonly string[]) => {
  const who = { userId: c.get('userId'), sessionId: c.get('sessionId') ?? '', clientIp: deps.clientIp(c) };
  const events: AuditEvent[] = [];
  for (let i = 0; i < patientIds.length; i += MAX_AUDIT_PATIENTS) events.push({ ...who, patientIds: patientIds.slice(i, i + MAX_AUDIT_PATIENTS), action });
  return deps.audit.recorder.record(events);
};

export const auditRouter = (deps: Pick<HttpDeps, 'audit' | 'patients'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  // The user id comes from the token and keys the query: there is no parameter that could name another user's trail.
  // The names shown are the user's own patients' (a deleted patient has none); reading one's trail is not itself audited.
  router.openapi(routeFrom(auditContract.trail, { tags: ['audit'] }), async (c) => {
    const userId = c.get('userId');
    const page = await deps.audit.trail.page(userId, c.req.valid('query'));
    const patients = await deps.patients.list(userId);
    return c.json({ entries: page.entries.map((entry) => ({ ...entry, patientName: auditedPatientName(entry, patients) })), nextCursor: page.nextCursor }, 200);
  });

  return router;
};
