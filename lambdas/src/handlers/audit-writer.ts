// The audit writer function: invoked synchronously by the HTTP API with the events of one request; the only role that
// may put items in the audit table.
import { AuditEvent, MAX_AUDIT_EVENTS } from '@chartside/shared';
import * as z from 'zod';
import { documentTable } from '../adapters/aws/dynamodb';
import { writeAuditEvents } from '../jobs/audit-writer';
import { systemClock } from '../ports/clock';
import { auditWriterConfig } from './cloud-config';

const AuditWriterEvent = z.object({ events: z.array(AuditEvent).max(MAX_AUDIT_EVENTS) });

const config = auditWriterConfig();
const deps = { table: documentTable(config.AUDIT_TABLE_NAME), clock: systemClock, retentionYears: config.AUDIT_RETENTION_YEARS };

export const handler = (event: unknown) => writeAuditEvents(deps, AuditWriterEvent.parse(event).events);
