// `npm run audit -- --email E`: one user's audit trail of patient data from the local runtime at PORT (with the same
// DATA_DIR), newest first, read the way the API reads it (the user's own partition of the audit table, Query only).
import { parseArgs } from 'node:util';
import { auditedPatientName, type AuditEntry } from '@chartside/shared';
import { documentTable } from '@chartside/lambdas/adapters/aws/dynamodb';
import { AuditTrailRepository } from '@chartside/lambdas/data/audit-trail';
import { PatientRepository } from '@chartside/lambdas/data/patient-repository';
import { failCli as fail, runningRuntime } from './running-runtime';
import { localAws } from './settings';

const usage = `Usage:
  npm run audit -- --email E | --user-id ID [--limit N] [--json]
      the user's audit trail, newest first (at most N entries, default 200): when, what, which patients, session, address
Targets the local runtime at PORT with its DATA_DIR (defaults 8080 and .data); start it with \`npm start\` first.`;

const PAGE = 50;

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    'user-id': { type: 'string' },
    limit: { type: 'string', default: '200' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const limit = Number(values.limit);
if (values.help) fail(usage);
if ((values.email === undefined) === (values['user-id'] === undefined)) fail(`Give --email or --user-id (one of them).\n\n${usage}`);
if (!Number.isInteger(limit) || limit < 1) fail(`--limit ${values.limit} is not a positive whole number.`);

const { endpoints, userIdByEmail } = await runningRuntime();
const userId = values['user-id'] ?? (await userIdByEmail(values.email!));
const aws = { region: localAws.region, credentials: localAws.credentials, endpoint: endpoints.dynamodb };
const trail = new AuditTrailRepository(documentTable(localAws.auditTableName, aws));

const entries: AuditEntry[] = [];
let cursor: string | undefined;
do {
  const page = await trail.page(userId, { cursor, limit: Math.min(PAGE, limit - entries.length) });
  entries.push(...page.entries);
  cursor = page.nextCursor ?? undefined;
} while (cursor && entries.length < limit);

// The name of the patient of a one-patient entry while the user still has it; a deleted one shows its id only.
const patients = await new PatientRepository(documentTable(localAws.tableName, aws)).list(userId);
const withNames = entries.map((entry) => ({ ...entry, patientName: auditedPatientName(entry, patients) }));

if (values.json) console.log(JSON.stringify(withNames));
else if (withNames.length === 0) console.log(`No audit entries for ${values.email ?? userId}.`);
else {
  for (const e of withNames) {
    const [only] = e.patientIds;
    const patients = e.patientIds.length === 1 ? [only, e.patientName ?? '(deleted)'] : [`${e.patientIds.length} patients`, '(ids with --json)'];
    console.log([e.at, e.action, ...patients, `session ${e.sessionId || '-'}`, e.clientIp || '-'].join('\t'));
  }
}
