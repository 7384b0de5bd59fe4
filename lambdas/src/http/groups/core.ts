// The core group: sessions, the user, tags, patients, admissions, the audit trail, feedback and the health check.
import { admissionsRouter } from '../admissions';
import type { AppDeps, DepsOf, Hook, Routers } from '../app';
import { auditRouter } from '../audit';
import { feedbackRouter } from '../feedback';
import { healthRouter } from '../health';
import { meRouter } from '../me';
import { patientsRouter } from '../patients';
import { realtimeRouter } from '../realtime';
import { sessionEntryRouter, sessionsRouter } from '../sessions';
import { tagsRouter } from '../tags';

export type CoreGroupDeps = AppDeps &
  Parameters<typeof healthRouter>[0] &
  DepsOf<
    | typeof sessionEntryRouter
    | typeof sessionsRouter
    | typeof realtimeRouter
    | typeof meRouter
    | typeof tagsRouter
    | typeof patientsRouter
    | typeof auditRouter
    | typeof admissionsRouter
    | typeof feedbackRouter
  >;

export const coreRouters = (deps: CoreGroupDeps, hook: Hook): Routers => ({
  open: [healthRouter(deps)],
  entry: [sessionEntryRouter(deps, hook)],
  secured: [
    sessionsRouter(deps, hook),
    realtimeRouter(deps, hook),
    meRouter(deps, hook),
    tagsRouter(deps, hook),
    patientsRouter(deps, hook),
    auditRouter(deps, hook),
    admissionsRouter(deps, hook),
    feedbackRouter(deps, hook),
  ],
});
