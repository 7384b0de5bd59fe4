// The HTTP API's core function: sessions, the user, tags, patients, admissions, the audit trail, feedback and the health
// check, the OpenAPI document, and every path no other group serves (http/groups/).
import { handle } from 'hono/aws-lambda';
import { tableIsActive } from '../adapters/aws/dynamodb';
import { fastGeoipLocator } from '../adapters/geo/fast-geoip-locator';
import { AdmissionRepository } from '../data/admission-repository';
import { FeedbackRepository } from '../data/feedback-repository';
import { PatientRepository } from '../data/patient-repository';
import { RealtimeTicketRepository } from '../data/realtime-ticket-repository';
import { TaggedItemRepository } from '../data/tagged-item-repository';
import { createApp } from '../http/app';
import { withApiDocument } from '../http/groups/all';
import { coreRouters, type CoreGroupDeps } from '../http/groups/core';
import { systemClock } from '../ports/clock';
import { healthCheckOf } from '../ports/health-check';
import { audit } from './audit-deps';
import { httpBaseDeps } from './http-base-deps';
import { userDeps } from './user-deps';
import { table } from './base-deps';
import { broadcast } from './realtime-deps';

const deps: CoreGroupDeps = {
  ...httpBaseDeps,
  ...userDeps,
  broadcast,
  geo: fastGeoipLocator(),
  health: healthCheckOf({ dynamodb: () => tableIsActive(table) }),
  realtimeTickets: new RealtimeTicketRepository(table, systemClock),
  taggedItems: new TaggedItemRepository(table),
  patients: new PatientRepository(table),
  admissions: new AdmissionRepository(table),
  feedback: new FeedbackRepository(table),
  audit,
};

export const handler = handle(createApp(deps, (hook) => withApiDocument(coreRouters(deps, hook))));
