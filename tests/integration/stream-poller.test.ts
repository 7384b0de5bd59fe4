// The local stream poller on DynamoDB Local's real stream, with a table of its own: after a failed poll it must take
// its iterators again from where it stood, not at LATEST, or records that arrived before the failure are never handed
// over (a resource saved then would never become searchable).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '@chartside/lambdas/adapters/aws/logger';
import { startStreamPoller, type StreamPoller } from '../../infra/local/src/stream-poller';
import { sharedRuntime } from '../harness/shared-runtime';

const runtime = sharedRuntime();
const tableName = `poller-${randomUUID()}`;
let endpoint: string;
let client: DynamoDBClient;
let poller: StreamPoller | undefined;
let folder: string;

beforeAll(() => {
  endpoint = (JSON.parse(readFileSync(path.join(runtime.dataDir, 'endpoints.json'), 'utf8')) as { dynamodb: string }).dynamodb;
  client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  folder = mkdtempSync(path.join(tmpdir(), 'chartside-poller-'));
});

afterAll(async () => {
  await poller?.stop();
  await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
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

it('hands a record over again after a failed poll, even when it started at LATEST with no checkpoint yet', async () => {
  const { TableDescription } = await client.send(
    new CreateTableCommand({
      TableName: tableName,
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
    }),
  );
  const handed: string[] = [];
  let failures = 0;
  poller = startStreamPoller({
    endpoint,
    streamArn: TableDescription!.LatestStreamArn!,
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
  await poller.ready;

  await client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: 'saved-during-the-outage' } } }));
  await eventually('the record is handed over twice', () => handed.filter((pk) => pk === 'saved-during-the-outage').length >= 2);
  expect(failures).toBe(1);
});
