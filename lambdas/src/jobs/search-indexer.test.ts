// The indexer with stream records shaped exactly as DynamoDB delivers them, a real SQLite index, and the table's
// resources held in memory (the table itself is exercised end to end in tests/integration/search.test.ts).
import { Logger } from '@aws-lambda-powertools/logger';
import { defaultResourceFields, Resource, SearchRequest } from '@chartside/shared';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteSearchIndex, type SqliteSearchIndex } from '../adapters/local/sqlite-search-index';
import { indexStreamRecords, reindexUser, runSearchIndexer, type SearchIndexerDeps } from './search-indexer';

const logger = new Logger({ serviceName: 'test', logLevel: 'SILENT' });
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

/** A stream record as Lambda (and DynamoDB Local's GetRecords) delivers it, for an item of the single table. */
/** String attributes in DynamoDB's wire form. */
const attributes = (values: Record<string, string>): Record<string, AttributeValue> => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { S: value }]));

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

/** The table's resources by user, with a count of reads and ids whose read fails. */
const tableOf = () => {
  const rows = new Map<string, Map<string, Resource>>();
  const failing = new Set<string>();
  const reads: string[] = [];
  const resources: SearchIndexerDeps['resources'] = {
    get: async (userId, resourceId) => {
      reads.push(resourceId);
      if (failing.has(resourceId)) throw new Error('ProvisionedThroughputExceededException');
      return rows.get(userId)?.get(resourceId);
    },
    list: async (userId) => [...(rows.get(userId)?.values() ?? [])].map(({ id }) => ({ id })),
  };
  const put = (userId: string, r: Resource) => {
    const user = rows.get(userId) ?? new Map<string, Resource>();
    rows.set(userId, user);
    user.set(r.id, r);
  };
  const remove = (userId: string, id: string) => rows.get(userId)?.delete(id);
  return { resources, put, remove, failing, reads };
};

let index: SqliteSearchIndex;
let table: ReturnType<typeof tableOf>;
let deps: SearchIndexerDeps;
const found = async (userId: string, query = '') => (await index.search(userId, SearchRequest.parse({ query }))).hits.map((h) => h.id);

beforeEach(() => {
  index = openSqliteSearchIndex(':memory:');
  table = tableOf();
  deps = { resources: table.resources, search: index, logger };
});
afterEach(() => index.close());

describe('indexStreamRecords', () => {
  it('indexes an inserted resource with its section titles and text', async () => {
    table.put('u1', resource('r1', { name: 'Sepsis bundle', textSections: [section('Antibiotics', 'Piperacillin within the hour')] }));
    const result = await indexStreamRecords(deps, [record('INSERT', 'u1', 'RESOURCE#r1', { name: 'Sepsis bundle' })]);
    expect(result).toEqual({ batchItemFailures: [] });
    expect(await found('u1', 'piperacillin')).toEqual(['r1']);
    expect(await found('u1', 'antibiotics')).toEqual(['r1']);
  });

  it('indexes the resource as the table holds it now, not as the record says', async () => {
    table.put('u1', resource('r1', { name: 'Renamed since' }));
    await indexStreamRecords(deps, [record('MODIFY', 'u1', 'RESOURCE#r1', { name: 'Old name' })]);
    expect(await found('u1', 'renamed')).toEqual(['r1']);
    expect(await found('u1', 'old')).toEqual([]);
  });

  it('drops a removed resource, and one whose record arrives after it was deleted', async () => {
    table.put('u1', resource('r1', { name: 'Warfarin' }));
    table.put('u1', resource('r2', { name: 'Warfarin reversal' }));
    await indexStreamRecords(deps, [record('INSERT', 'u1', 'RESOURCE#r1'), record('INSERT', 'u1', 'RESOURCE#r2')]);
    table.remove('u1', 'r1');
    table.remove('u1', 'r2');
    await indexStreamRecords(deps, [record('REMOVE', 'u1', 'RESOURCE#r1'), record('MODIFY', 'u1', 'RESOURCE#r2')]);
    expect(await found('u1')).toEqual([]);
  });

  it('reads each resource once per batch, and is idempotent when records come again', async () => {
    table.put('u1', resource('r1', { name: 'Hyponatremia' }));
    const batch = [record('INSERT', 'u1', 'RESOURCE#r1'), record('MODIFY', 'u1', 'RESOURCE#r1'), record('MODIFY', 'u1', 'RESOURCE#r1')];
    await indexStreamRecords(deps, batch);
    await indexStreamRecords(deps, batch);
    expect(table.reads).toEqual(['r1', 'r1']);
    expect(await found('u1', 'hypo')).toEqual(['r1']);
  });

  it("ignores every item that is not a resource's head", async () => {
    table.put('u1', resource('r1', { name: 'Sepsis' }));
    const result = await indexStreamRecords(deps, [
      record('INSERT', 'u1', 'PART#RESOURCE#r1#0', { data: '{}' }),
      record('MODIFY', 'u1', 'USER', { email: 'a@b.c' }),
      record('INSERT', 'u1', 'SESSION#s1'),
      record('INSERT', 'u1', 'PATIENT#p1'),
      { eventName: 'INSERT', dynamodb: {} },
    ]);
    expect(result).toEqual({ batchItemFailures: [] });
    expect(table.reads).toEqual([]);
  });

  it('keeps users apart: a record indexes under the user of its key', async () => {
    table.put('u1', resource('r1', { name: 'Sepsis' }));
    table.put('u2', resource('r1', { name: 'Stroke' }));
    await indexStreamRecords(deps, [record('INSERT', 'u1', 'RESOURCE#r1'), record('INSERT', 'u2', 'RESOURCE#r1')]);
    expect(await found('u1', 'stroke')).toEqual([]);
    expect(await found('u2', 'stroke')).toEqual(['r1']);
  });

  it('reports the records of a resource that failed, and still indexes the rest', async () => {
    table.put('u1', resource('ok', { name: 'Sepsis' }));
    table.put('u1', resource('bad', { name: 'Stroke' }));
    table.failing.add('bad');
    const batch = [record('INSERT', 'u1', 'RESOURCE#bad'), record('INSERT', 'u1', 'RESOURCE#ok'), record('MODIFY', 'u1', 'RESOURCE#bad')];
    const result = await indexStreamRecords(deps, batch);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: batch[0]!.dynamodb!.SequenceNumber }, { itemIdentifier: batch[2]!.dynamodb!.SequenceNumber }]);
    expect(await found('u1')).toEqual(['ok']);
  });
});

describe('reindexUser', () => {
  it("rebuilds one user's index from the table, dropping what the table no longer has", async () => {
    await index.upsert({ userId: 'u1', id: 'ghost', name: 'Ghost', type: 'text', tags: [], description: '', link: '', favorite: false, createdAt: '2025-01-01T00:00:00.000Z', text: '' });
    await index.upsert({ userId: 'u2', id: 'kept', name: 'Kept', type: 'text', tags: [], description: '', link: '', favorite: false, createdAt: '2025-01-01T00:00:00.000Z', text: '' });
    table.put('u1', resource('a', { name: 'Asthma', createdAt: '2025-01-02T00:00:00.000Z' }));
    table.put('u1', resource('b', { name: 'Bronchiolitis', createdAt: '2025-01-03T00:00:00.000Z' }));
    expect(await reindexUser(deps, 'u1')).toBe(2);
    expect(await found('u1')).toEqual(['b', 'a']);
    expect(await found('u2')).toEqual(['kept']);
  });

  it('runs from a direct { reindexUserId } invocation, and stream batches through the same entry', async () => {
    table.put('u1', resource('a', { name: 'Asthma' }));
    expect(await runSearchIndexer(deps, { reindexUserId: 'u1' })).toEqual({ reindexed: 1 });
    table.put('u1', resource('b', { name: 'Bronchiolitis' }));
    expect(await runSearchIndexer(deps, { Records: [record('INSERT', 'u1', 'RESOURCE#b')] })).toEqual({ batchItemFailures: [] });
    expect((await found('u1')).sort()).toEqual(['a', 'b']);
  });
});

describe('a resource that cannot be read', () => {
  it('is left out of search without blocking the stream: no retry would ever read it', async () => {
    table.put('u1', resource('ok', { name: 'Sepsis' }));
    await index.upsert({ userId: 'u1', id: 'broken', name: 'Broken', type: 'text', tags: [], description: '', link: '', favorite: false, createdAt: '2025-01-01T00:00:00.000Z', text: '' });
    const get = deps.resources.get;
    deps.resources.get = async (userId, id) => (id === 'broken' ? Resource.parse({ id }) : get(userId, id));
    const result = await indexStreamRecords(deps, [record('MODIFY', 'u1', 'RESOURCE#broken'), record('INSERT', 'u1', 'RESOURCE#ok')]);
    expect(result).toEqual({ batchItemFailures: [] });
    expect(await found('u1')).toEqual(['ok']);
  });
});
