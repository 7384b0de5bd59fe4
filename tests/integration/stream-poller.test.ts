// The local stream poller on DynamoDB Local's real stream, with tables of its own: after a failed poll it must take
// its iterators again from where it stood, not at LATEST, or records that arrived before the failure are never handed
// over (a resource saved then would never become searchable); and a record the indexer keeps refusing is given up after
// MAX_RETRIES, so it cannot hold back every later change. An idle poller asks less and less often (a tenth of a core
// otherwise), and a nudge (a write through the runtime's API) has it read at once.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '@chartside/lambdas/adapters/aws/logger';
import { IDLE_POLL_MS, MAX_RETRIES, startStreamPoller, type StreamPoller } from '../../infra/local/src/stream-poller';
import { startDynamoFaultProxy } from '../harness/dynamodb-fault-proxy';
import { sharedRuntime } from '../harness/shared-runtime';

const runtime = sharedRuntime();
const tableNames: string[] = [];
let endpoint: string;
let client: DynamoDBClient;
const pollers: StreamPoller[] = [];
let folder: string;

beforeAll(() => {
  endpoint = (JSON.parse(readFileSync(path.join(runtime.dataDir, 'endpoints.json'), 'utf8')) as { dynamodb: string }).dynamodb;
  client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  folder = mkdtempSync(path.join(tmpdir(), 'chartside-poller-'));
});

afterAll(async () => {
  await Promise.all(pollers.map((poller) => poller.stop()));
  for (const TableName of tableNames) await client.send(new DeleteTableCommand({ TableName })).catch(() => undefined);
  client.destroy();
  rmSync(folder, { recursive: true, force: true });
});

/** Resolves when `check` holds, polling; fails the test with `what` after a generous while (not a timing assertion). */
const eventually = async (what: string, check: () => boolean) => {
  for (let waited = 0; !check(); waited += 100) {
    if (waited > 20_000) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** A table of the test's own with a stream: its name and its stream's ARN. */
const tableWithStream = async () => {
  const TableName = `poller-${randomUUID()}`;
  tableNames.push(TableName);
  const { TableDescription } = await client.send(
    new CreateTableCommand({
      TableName,
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
    }),
  );
  return { TableName, streamArn: TableDescription!.LatestStreamArn! };
};
const put = (TableName: string, pk: string) => client.send(new PutItemCommand({ TableName, Item: { pk: { S: pk } } }));

it('hands a record over again after a failed poll, even when it started at LATEST with no checkpoint yet', async () => {
  const { TableName, streamArn } = await tableWithStream();
  const handed: string[] = [];
  let failures = 0;
  const poller = startStreamPoller({
    endpoint,
    streamArn,
    checkpointFile: path.join(folder, 'checkpoints.json'),
    startAtLatest: true,
    handle: async (records: DynamoDBRecord[]) => {
      handed.push(...records.map((r) => r.dynamodb?.Keys?.pk?.S ?? ''));
      // The first batch fails as a whole (the index was unreachable, say): nothing of it is checkpointed.
      if (failures === 0) {
        failures += 1;
        throw new Error('the index is unreachable');
      }
      return { batchItemFailures: [] };
    },
    logger: createLogger('SILENT'),
    pollMs: 50,
  });
  pollers.push(poller);
  await poller.ready;

  await put(TableName, 'saved-during-the-outage');
  await eventually('the record is handed over twice', () => handed.filter((pk) => pk === 'saved-during-the-outage').length >= 2);
  expect(failures).toBe(1);
});

it(`gives a record the indexer keeps refusing up after ${MAX_RETRIES} retries, and goes on to the records after it`, async () => {
  const { TableName, streamArn } = await tableWithStream();
  const batches: string[][] = [];
  const poller = startStreamPoller({
    endpoint,
    streamArn,
    checkpointFile: path.join(folder, 'refused.json'),
    startAtLatest: true,
    // The poison record is refused every time (as ReportBatchItemFailures names it); the others are taken.
    handle: async (records: DynamoDBRecord[]) => {
      batches.push(records.map((r) => r.dynamodb?.Keys?.pk?.S ?? ''));
      const poison = records.find((r) => r.dynamodb?.Keys?.pk?.S === 'poison');
      return { batchItemFailures: poison ? [{ itemIdentifier: poison.dynamodb!.SequenceNumber! }] : [] };
    },
    logger: createLogger('SILENT'),
    pollMs: 50,
  });
  pollers.push(poller);
  await poller.ready;

  await put(TableName, 'poison');
  await put(TableName, 'after-the-poison');
  const poisonTries = () => batches.filter((batch) => batch.includes('poison')).length;
  await eventually('the poison is retried until given up', () => poisonTries() > MAX_RETRIES);
  // Past it, the stream goes on: a later record comes in a batch of its own, and the poison is not read again.
  await put(TableName, 'later');
  await eventually('a later record is handed over on its own', () => batches.some((batch) => batch.join() === 'later'));
  expect(poisonTries()).toBe(MAX_RETRIES + 1);
});

it('polls an idle stream less and less often, and reads a record at once when nudged', async () => {
  const { TableName, streamArn } = await tableWithStream();
  // Every request of the poller passes through this proxy, which counts its reads of the stream.
  const proxy = await startDynamoFaultProxy(Number(new URL(endpoint).port));
  let reads = 0;
  proxy.setRule(({ operation }) => void (operation === 'GetRecords' && (reads += 1)));
  const handed: string[] = [];
  const pollMs = 50;
  const poller = startStreamPoller({
    endpoint: proxy.url,
    streamArn,
    checkpointFile: path.join(folder, 'idle.json'),
    startAtLatest: true,
    handle: async (records: DynamoDBRecord[]) => {
      handed.push(...records.map((r) => r.dynamodb?.Keys?.pk?.S ?? ''));
      return { batchItemFailures: [] };
    },
    logger: createLogger('SILENT'),
    pollMs,
  });
  pollers.push(poller);
  try {
    await poller.ready;
    // Idle for three of its longest waits: every 50 ms that would be 60 reads; doubling waits make it about 8.
    const idle = 3 * IDLE_POLL_MS;
    await new Promise((resolve) => setTimeout(resolve, idle));
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThan(idle / pollMs / 4);

    await put(TableName, 'written-through-the-api');
    poller.nudge();
    await eventually('the record is handed over', () => handed.includes('written-through-the-api'));
  } finally {
    await poller.stop();
    await proxy.close();
  }
});
