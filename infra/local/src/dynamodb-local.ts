// DynamoDB Local (AWS's own emulator, a Java jar shipped in an npm package) and the one table.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { auditTableDefinition } from '@chartside/lambdas/data/audit-trail';
import { tableDefinition } from '@chartside/lambdas/data/table';
import { freePort, waitForPort } from './free-port';
import { localAws, type LocalSettings } from './settings';

const JAVA_MISSING =
  'Java 17 or newer is required to run DynamoDB Local: install it (on Debian: apt-get install -y openjdk-17-jre-headless) and run npm start again.';

export const requireJava = () => {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new Error(JAVA_MISSING);
  const major = Number(/version "(\d+)/.exec(probe.stderr)?.[1] ?? 0);
  if (major < 17) throw new Error(`${JAVA_MISSING} (found Java ${major})`);
};

export interface DynamoDbLocal {
  endpoint: string;
  /** Stops the emulator and waits for it to exit (killed outright after 5 s). */
  stop(): Promise<void>;
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });

export const startDynamoDbLocal = async (dataDir: string, fixedPort: number | undefined, jit: LocalSettings['DYNAMODB_LOCAL_JIT']): Promise<DynamoDbLocal> => {
  requireJava();
  const jarDir = path.join(path.dirname(createRequire(import.meta.url).resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  const dbPath = path.join(dataDir, 'dynamodb');
  mkdirSync(dbPath, { recursive: true });
  const port = fixedPort ?? (await freePort());
  // quick: C1 only and the serial collector. For the test suite's short runtimes C2's compiler threads and G1's workers
  // cost more CPU than they give back (over six test files the JVM's CPU 24.7 s → 12.3 s); a long-running app wants C2.
  const quick = jit === 'quick' ? ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] : [];
  const child = spawn(
    'java',
    ['-Xmx512m', ...quick, `-Djava.library.path=${path.join(jarDir, 'DynamoDBLocal_lib')}`, '-jar', path.join(jarDir, 'DynamoDBLocal.jar'), '-sharedDb', '-dbPath', dbPath, '-port', String(port)],
    { stdio: ['ignore', 'ignore', 'pipe'], cwd: dbPath },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`DynamoDB Local exited (code ${code}): ${stderr.trim().slice(-500)}`))),
  );
  exited.catch(() => undefined); // after start-up, an exit is expected (stop) or surfaces through the health check
  try {
    await Promise.race([waitForPort(port, 30_000), exited]);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
};

interface LocalTableDefinition {
  partitionKey: string;
  sortKey: string;
  ttlAttribute: string;
  gsi1?: { name: string; partitionKey: string; sortKey: string };
}

/** Creates a table (keys, TTL, an index and a stream where asked) when missing; leaves an existing one alone. */
const ensureTableOf = async (endpoint: string, TableName: string, { partitionKey, sortKey, ttlAttribute, gsi1 }: LocalTableDefinition, { stream }: { stream: boolean }) => {
  const client = new DynamoDBClient({ endpoint, region: localAws.region, credentials: localAws.credentials });
  try {
    await client.send(new DescribeTableCommand({ TableName }));
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ResourceNotFoundException')) throw error;
    await client.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [partitionKey, sortKey, ...(gsi1 ? [gsi1.partitionKey, gsi1.sortKey] : [])].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        ...(gsi1 && {
          GlobalSecondaryIndexes: [
            {
              IndexName: gsi1.name,
              KeySchema: [
                { AttributeName: gsi1.partitionKey, KeyType: 'HASH' },
                { AttributeName: gsi1.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          ],
        }),
        ...(stream && { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } }),
      }),
    );
    await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName });
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { Enabled: true, AttributeName: ttlAttribute } }));
  }
  client.destroy();
};

/** The app's single table, with its index, its stream (search and live sync follow it) and TTL. */
export const ensureTable = (endpoint: string) => ensureTableOf(endpoint, localAws.tableName, tableDefinition, { stream: true });

/**
 * The audit table (its own table, as in the cloud) with TTL. Locally the runtime's one process is both the API and the
 * audit writer; the API's code reaches the table only through AuditTrailRepository (Query) and the writer's append (a
 * conditional put), never an update or delete.
 */
export const ensureAuditTable = (endpoint: string) => ensureTableOf(endpoint, localAws.auditTableName, auditTableDefinition, { stream: false });
