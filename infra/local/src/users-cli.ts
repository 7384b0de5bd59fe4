// `npm run users -- add|list|remove`: manage users of the local runtime (at PORT) or of a deployed pool (--user-pool-id).
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { RuntimeConfig } from '@chartside/shared';
import { cognitoClient } from './cognito-local';
import { s3FileStore } from '@chartside/lambdas/adapters/aws/s3-file-store';
import { createRepositories } from '@chartside/lambdas/data/repositories';
import { systemClock } from '@chartside/lambdas/ports/clock';
import { runningRuntime } from './running-runtime';
import { seedSample } from './sample/seed-sample';
import { localAws, readSettings } from './settings';
import { addUser, listUsers, removeUser, type Pool } from './users';

const usage = `Usage:
  npm run users -- add --email E --password P [--totp] [--admin] [--sample] [--json]
  npm run users -- list [--json]
  npm run users -- remove --email E
Targets the local runtime at PORT (default 8080). --sample gives the new user the fictional demo sample (patients, an
article with its PDF, templates, a feed source, a chat); local runtime only. For a deployed pool add:
  --user-pool-id ID --client-id ID --region R   (uses your AWS credentials)`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    totp: { type: 'boolean', default: false },
    admin: { type: 'boolean', default: false },
    sample: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'user-pool-id': { type: 'string' },
    'client-id': { type: 'string' },
    region: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const connect = async (): Promise<Pool> => {
  if (values['user-pool-id']) {
    if (!values['client-id'] || !values.region) fail('--user-pool-id needs --client-id and --region too.');
    return { client: new CognitoIdentityProviderClient({ region: values.region }), userPoolId: values['user-pool-id'], userPoolClientId: values['client-id']! };
  }
  const { PORT } = readSettings();
  const origin = `http://localhost:${PORT}`;
  const response = await fetch(`${origin}/config.json`).catch(() => undefined);
  if (!response?.ok) return fail(`No Chartside runtime answers at ${origin}: start it with \`npm start\` (same PORT) first.`);
  const config = RuntimeConfig.parse(await response.json());
  return { client: cognitoClient(`${origin}/cognito`), userPoolId: config.userPoolId, userPoolClientId: config.userPoolClientId };
};

/** Writes the sample straight into the running runtime's table and object store, as its API would. */
const giveSample = async (user: { userId: string; email: string }) => {
  const { clients } = await runningRuntime();
  const { table, s3, broadcast } = clients();
  await seedSample({ ...createRepositories(table, systemClock), fileStore: s3FileStore(s3, localAws.filesBucket), clock: systemClock, broadcast }, user);
};

const [command] = positionals;
if (values.help || !command) fail(usage);
if (values.sample && values['user-pool-id']) fail('--sample is for the local runtime only: a deployed pool holds real clinicians.');
try {
  const pool = await connect();
  if (command === 'add') {
    if (!values.email || !values.password) fail('add needs --email and --password.');
    const user = await addUser(pool, { email: values.email!, password: values.password!, totp: values.totp, admin: values.admin });
    if (values.sample) await giveSample(user);
    if (values.json) console.log(JSON.stringify(user));
    else console.log(`Created ${user.email} (${user.userId})${values.admin ? ', in the admin group' : ''}${values.sample ? ', with the sample data' : ''}${user.totpSecret ? `\nTOTP secret (base32): ${user.totpSecret}` : ''}`);
  } else if (command === 'list') {
    const users = await listUsers(pool);
    if (values.json) console.log(JSON.stringify(users));
    else for (const u of users) console.log(`${u.email}\t${u.userId}\t${u.status}\t${u.created}`);
  } else if (command === 'remove') {
    if (!values.email) fail('remove needs --email.');
    await removeUser(pool, values.email!);
    console.log(`Removed ${values.email}`);
  } else {
    fail(`Unknown command "${command}".\n${usage}`);
  }
} catch (error) {
  fail(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
}
