// The indexer job on a real table: stream records shaped exactly as DynamoDB delivers them, the real
// ResourceRepository on a table of this test's own in the test runtime's DynamoDB Local (its deliberately broken items
// must not reach other tests' reindexing), and a real SQLite index in a temporary folder.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { defaultResourceFields, type Resource, SearchRequest } from '@chartside/shared';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documentTable } from '@chartside/lambdas/adapters/aws/dynamodb';
import { createLogger } from '@chartside/lambdas/adapters/aws/logger';
import { openSqliteSearchIndex, type SqliteSearchIndex } from '@chartside/lambdas/adapters/local/sqlite-search-index';
import { ResourceRepository } from '@chartside/lambdas/data/resource-repository';
import type { Table } from '@chartside/lambdas/data/table';
import { indexStreamRecords, reindexUser, runSearchIndexer, type SearchIndexerDeps } from '@chartside/lambdas/jobs/search-indexer';
import { sharedRuntime } from '../harness/shared-runtime';

const runtime = sharedRuntime();
const logger = createLogger('SILENT');
let sequence = 100;

const resource = (id: string, fields: Partial<Resource> = {}): Resource => ({
  ...defaultResourceFields(),
  id,
  clicks: 0,
  version: 1,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  ...fields,
});

const section = (title: string, text: string) => ({
  id: `s-${title}`,
  title,
  deltaString: JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: {} }], children: [] }]),
  editing: false,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
});

/** String attributes in DynamoDB's wire form. */
const attributes = (values: Record<string, string>): Record<string, AttributeValue> => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { S: value }]));

/** A stream record as Lambda (and DynamoDB Local's GetRecords) delivers it, for an item of the single table. */
const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', userId: string, sk: string, image: Record<string, string> = {}): DynamoDBRecord => {
  const keys = { pk: `USER#${userId}`, sk };
  sequence += 1;
  return {
    eventID: `event-${sequence}`,
    eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    eventSourceARN: 'arn:aws:dynamodb:us-east-1:123456789012:table/chartside/stream/2025-03-01T00:00:00.000',
    dynamodb: {
      ApproximateCreationDateTime: 1740823200,
      Keys: attributes(keys),
      ...(eventName === 'REMOVE' ? {} : { NewImage: attributes({ ...keys, ...image }) }),
      SequenceNumber: String(sequence).padStart(21, '0'),
      SizeBytes: 200,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
};

let table: Table;
let repository: ResourceRepository;
/** Writes an item as is, past the repository: for heads the repository would never write. */
const putRaw = (item: Record<string, unknown>) => table.client.send(new PutCommand({ TableName: table.name, Item: item }));
let folder: string;
let index: SqliteSearchIndex;
/** The resource ids the indexer read from the table, in order (the real repository, observed). */
let reads: string[];
let deps: SearchIndexerDeps;
/** Fresh users per test, so no test sees another's resources. */
let u1: string;
let u2: string;
const found = async (userId: string, query = '') => (await index.search(userId, SearchRequest.parse({ query }))).hits.map((h) => h.id);

beforeAll(async () => {
  const { dynamodb } = JSON.parse(readFileSync(path.join(runtime.dataDir, 'endpoints.json'), 'utf8')) as { dynamodb: string };
  table = documentTable(`indexer-${randomUUID()}`, { endpoint: dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await table.client.send(
    new CreateTableCommand({
      TableName: table.name,
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  repository = new ResourceRepository(table);
});

afterAll(async () => {
  await table.client.send(new DeleteTableCommand({ TableName: table.name }));
  table.client.destroy();
});

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'chartside-indexer-'));
  index = openSqliteSearchIndex(path.join(folder, 'search.sqlite'));
  reads = [];
  deps = {
    resources: {
      get: (userId, resourceId) => {
        reads.push(resourceId);
        return repository.get(userId, resourceId);
      },
      list: (userId) => repository.list(userId),
    },
    search: index,
    logger,
  };
  u1 = `indexer-${randomUUID()}`;
  u2 = `indexer-${randomUUID()}`;
});

afterEach(() => {
  index.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('indexStreamRecords', () => {
  it('indexes an inserted resource with its section titles and text', async () => {
    await repository.create(u1, resource('r1', { name: 'Sepsis bundle', textSections: [section('Antibiotics', 'Piperacillin within the hour')] }));
    const result = await indexStreamRecords(deps, [record('INSERT', u1, 'RESOURCE#r1', { name: 'Sepsis bundle' })]);
    expect(result).toEqual({ batchItemFailures: [] });
    expect(await found(u1, 'piperacillin')).toEqual(['r1']);
    expect(await found(u1, 'antibiotics')).toEqual(['r1']);
  });

  it('indexes the resource as the table holds it now, not as the record says', async () => {
    await repository.create(u1, resource('r1', { name: 'Renamed since' }));
    await indexStreamRecords(deps, [record('MODIFY', u1, 'RESOURCE#r1', { name: 'Old name' })]);
    expect(await found(u1, 'renamed')).toEqual(['r1']);
    expect(await found(u1, 'old')).toEqual([]);
  });

  it('drops a removed resource, and one whose record arrives after it was deleted', async () => {
    await repository.create(u1, resource('r1', { name: 'Warfarin' }));
    await repository.create(u1, resource('r2', { name: 'Warfarin reversal' }));
    await indexStreamRecords(deps, [record('INSERT', u1, 'RESOURCE#r1'), record('INSERT', u1, 'RESOURCE#r2')]);
    expect((await found(u1, 'warfarin')).sort()).toEqual(['r1', 'r2']);
    await repository.remove(u1, 'r1');
    await repository.remove(u1, 'r2');
    await indexStreamRecords(deps, [record('REMOVE', u1, 'RESOURCE#r1'), record('MODIFY', u1, 'RESOURCE#r2')]);
    expect(await found(u1)).toEqual([]);
  });

  it('reads each resource once per batch, and is idempotent when records come again', async () => {
    await repository.create(u1, resource('r1', { name: 'Hyponatremia' }));
    const batch = [record('INSERT', u1, 'RESOURCE#r1'), record('MODIFY', u1, 'RESOURCE#r1'), record('MODIFY', u1, 'RESOURCE#r1')];
    await indexStreamRecords(deps, batch);
    await indexStreamRecords(deps, batch);
    expect(reads).toEqual(['r1', 'r1']);
    expect(await found(u1, 'hypo')).toEqual(['r1']);
  });

  it("ignores every item that is not a resource's head", async () => {
    await repository.create(u1, resource('r1', { name: 'Sepsis' }));
    const result = await indexStreamRecords(deps, [
      record('INSERT', u1, 'PART#RESOURCE#r1#0', { data: '{}' }),
      record('MODIFY', u1, 'USER', { email: 'a@b.c' }),
      record('INSERT', u1, 'SESSION#s1'),
      record('INSERT', u1, 'PATIENT#p1'),
      { eventName: 'INSERT', dynamodb: {} },
    ]);
    expect(result).toEqual({ batchItemFailures: [] });
    expect(reads).toEqual([]);
    expect(await found(u1)).toEqual([]);
  });

  it('keeps users apart: a record indexes under the user of its key', async () => {
    await repository.create(u1, resource('r1', { name: 'Sepsis' }));
    await repository.create(u2, resource('r1', { name: 'Stroke' }));
    await indexStreamRecords(deps, [record('INSERT', u1, 'RESOURCE#r1'), record('INSERT', u2, 'RESOURCE#r1')]);
    expect(await found(u1, 'stroke')).toEqual([]);
    expect(await found(u2, 'stroke')).toEqual(['r1']);
  });

  it('reports the records of a resource that could not be read this time, and still indexes the rest', async () => {
    await repository.create(u1, resource('ok', { name: 'Sepsis' }));
    // A head whose body chunks are not (yet) there, as while a write is landing: the read gives up with "try again".
    await putRaw({ pk: `USER#${u1}`, sk: 'RESOURCE#bad', ...resource('bad', { name: 'Stroke' }), partCount: 2, bodyVersion: 1 });
    const batch = [record('INSERT', u1, 'RESOURCE#bad'), record('INSERT', u1, 'RESOURCE#ok'), record('MODIFY', u1, 'RESOURCE#bad')];
    const result = await indexStreamRecords(deps, batch);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: batch[0]!.dynamodb!.SequenceNumber }, { itemIdentifier: batch[2]!.dynamodb!.SequenceNumber }]);
    expect(await found(u1)).toEqual(['ok']);
  });
});

describe('reindexUser', () => {
  it("rebuilds one user's index from the table, dropping what the table no longer has", async () => {
    await index.upsert({ userId: u1, id: 'ghost', name: 'Ghost', type: 'text', tags: [], description: '', link: '', favorite: false, createdAt: '2025-01-01T00:00:00.000Z', text: '' });
    await index.upsert({ userId: u2, id: 'kept', name: 'Kept', type: 'text', tags: [], description: '', link: '', favorite: false, createdAt: '2025-01-01T00:00:00.000Z', text: '' });
    await repository.create(u1, resource('a', { name: 'Asthma', createdAt: '2025-01-02T00:00:00.000Z' }));
    await repository.create(u1, resource('b', { name: 'Bronchiolitis', createdAt: '2025-01-03T00:00:00.000Z' }));
    expect(await reindexUser(deps, u1)).toBe(2);
    expect(await found(u1)).toEqual(['b', 'a']);
    expect(await found(u2)).toEqual(['kept']);
  });

  // The stream indexes beside a reindex (the local poller, the Lambda): each case makes one change at the worst moment
  // for the reindex and lets the stream index it at once.
  const streamed = async (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', id: string) =>
    expect(await indexStreamRecords(deps, [record(eventName, u1, `RESOURCE#${id}`)])).toEqual({ batchItemFailures: [] });

  it('keeps a resource created and indexed by the stream as the reindex begins', async () => {
    await repository.create(u1, resource('a', { name: 'Asthma' }));
    let lists = 0;
    deps.resources.list = async (userId) => {
      const listed = await repository.list(userId);
      lists += 1;
      if (lists === 1) {
        await repository.create(u1, resource('b', { name: 'Bronchiolitis' }));
        await streamed('INSERT', 'b');
      }
      return listed;
    };
    expect(await reindexUser(deps, u1)).toBe(2);
    expect((await found(u1)).sort()).toEqual(['a', 'b']);
  });

  it.each([
    ['renamed', async (): Promise<void> => void (await repository.update(u1, 'a', 1, (current) => ({ ...current, name: 'Acute asthma' }))), 'MODIFY', ['a']],
    ['deleted', async (): Promise<void> => void (await repository.remove(u1, 'a')), 'REMOVE', []],
  ] as const)('leaves no stale copy of a resource %s, and indexed by the stream, between the reindex reading it and writing it', async (_, change, eventName, expected) => {
    await repository.create(u1, resource('a', { name: 'Asthma' }));
    let changed = false;
    deps.resources.get = async (userId, resourceId) => {
      const read = await repository.get(userId, resourceId);
      if (!changed) {
        changed = true;
        await change();
        await streamed(eventName, 'a');
      }
      return read;
    };
    await reindexUser(deps, u1);
    expect(await found(u1)).toEqual(expected);
    expect(await found(u1, 'acute')).toEqual(expected);
  });

  it('runs from a direct { reindexUserId } invocation, and stream batches through the same entry', async () => {
    await repository.create(u1, resource('a', { name: 'Asthma' }));
    expect(await runSearchIndexer(deps, { reindexUserId: u1 })).toEqual({ reindexed: 1 });
    await repository.create(u1, resource('b', { name: 'Bronchiolitis' }));
    expect(await runSearchIndexer(deps, { Records: [record('INSERT', u1, 'RESOURCE#b')] })).toEqual({ batchItemFailures: [] });
    expect((await found(u1)).sort()).toEqual(['a', 'b']);
  });
});

describe('a resource that cannot be read', () => {
  it('is left out of search without blocking the stream: no retry would ever read it', async () => {
    await repository.create(u1, resource('ok', { name: 'Sepsis' }));
    await index.upsert({ userId: u1, id: 'broken', name: 'Broken', type: 'text', tags: [], description: '', link: '', favorite: false, createdAt: '2025-01-01T00:00:00.000Z', text: '' });
    // A head that does not read as a resource: its type is no resource type.
    await putRaw({ pk: `USER#${u1}`, sk: 'RESOURCE#broken', ...resource('broken', { name: 'Broken' }), type: 'hologram' });
    const result = await indexStreamRecords(deps, [record('MODIFY', u1, 'RESOURCE#broken'), record('INSERT', u1, 'RESOURCE#ok')]);
    expect(result).toEqual({ batchItemFailures: [] });
    expect(await found(u1)).toEqual(['ok']);
  });
});
