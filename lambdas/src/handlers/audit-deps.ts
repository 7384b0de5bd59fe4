// The audit trail for the HTTP API's functions that touch patient data (the core, and the backups group's restore): its
// writer, a function of its own, and the caller's own entries.
import { LambdaClient } from '@aws-sdk/client-lambda';
import { documentTable } from '../adapters/aws/dynamodb';
import { lambdaAuditRecorder } from '../adapters/aws/lambda-audit-recorder';
import { AuditTrailRepository } from '../data/audit-trail';
import type { AuditDeps } from '../http/deps';
import { config } from './base-deps';

// Only these functions have the audit table and writer; the API records through the writer and cannot change an entry.
export const audit: AuditDeps = {
  recorder: config.AUDIT_WRITER_FUNCTION
    ? lambdaAuditRecorder(new LambdaClient({}), config.AUDIT_WRITER_FUNCTION)
    : { record: () => Promise.reject(new Error('AUDIT_WRITER_FUNCTION is not set on this function')) },
  trail: new AuditTrailRepository(documentTable(config.AUDIT_TABLE_NAME ?? 'audit-table-not-set')),
};
