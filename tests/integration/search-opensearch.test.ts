// The cloud indexing path against the real local runtime: DynamoDB Local's stream, read as the event source mapping
// reads it, goes through the indexer job into the OpenSearch adapter (pointed at the OpenSearch test double, since no
// OpenSearch runs here). Both engines follow the same stream, so they must find the same resources.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { Client } from '@opensearch-project/opensearch';
import { SearchRequest, SearchResult } from '@chartside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTable } from '@chartside/lambdas/adapters/aws/dynamodb';
import { createLogger } from '@chartside/lambdas/adapters/aws/logger';
import { ensureSearchIndex, openSearchSearchIndex } from '@chartside/lambdas/adapters/aws/opensearch-search-index';
import { ResourceRepository } from '@chartside/lambdas/data/resource-repository';
import { indexStreamRecords, reindexUser, type SearchIndexerDeps } from '@chartside/lambdas/jobs/search-indexer';
import { startOpenSearchDouble, type OpenSearchDouble } from '@chartside/lambdas/test/opensearch-double';
import { startStreamPoller, type StreamPoller } from '../../infra/local/src/stream-poller';
import { api, type Api } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const ids = (result: SearchResult) => result.hits.map((hit) => hit.id);

let double: OpenSearchDouble;
let poller: StreamPoller;
let indexer: SearchIndexerDeps;
let user: TestUser;
let asUser: Api;
const made: Record<string, string> = {};

const viaApi = async (body: Partial<SearchRequest>) => {
  const { status, json, text } = await asUser('POST', '/search', body);
  if (status !== 200) throw new Error(`search answered ${status}: ${text}`);
  return SearchResult.parse(json);
};
const viaOpenSearch = (body: Partial<SearchRequest>) => indexer.search.search(user.userId, SearchRequest.parse(body));

const create = async (body: Record<string, unknown>) => {
  const { status, json, text } = await asUser('POST', '/resources', body);
  if (status !== 200) throw new Error(`create answered ${status}: ${text}`);
  return json as { id: string; version: number };
};

beforeAll(async () => {
  const { dynamodb, tableName } = JSON.parse(readFileSync(path.join(runtime.dataDir, 'endpoints.json'), 'utf8')) as { dynamodb: string; tableName: string };
  const table = documentTable(tableName, { endpoint: dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  double = await startOpenSearchDouble();
  const client = new Client({ node: double.url });
  await ensureSearchIndex(client);
  indexer = { resources: new ResourceRepository(table), search: openSearchSearchIndex(client), logger: createLogger('SILENT') };

  const { Table: description } = await table.client.send(new DescribeTableCommand({ TableName: tableName }));
  poller = startStreamPoller({
    endpoint: dynamodb,
    streamArn: description!.LatestStreamArn!,
    checkpointFile: path.join(mkdtempSync(path.join(tmpdir(), 'chartside-opensearch-')), 'checkpoints.json'),
    startAtLatest: true,
    handle: (records) => indexStreamRecords(indexer, records),
    logger: indexer.logger,
  });
  await poller.ready;

  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  made.pneumonia = (await create({ name: 'Community-acquired pneumonia', type: 'guide', tags: ['Pulmonology'], description: 'CURB-65.' })).id;
  made.sepsis = (await create({ name: 'Sepsis bundle', type: 'clinical', tags: ['Icu', 'Infectious Disease'], description: 'Hour-one bundle.' })).id;
  const heart = await create({ name: 'Heart failure GDMT', type: 'text', tags: ['Cardiology'] });
  made.heart = heart.id;
  const now = new Date().toISOString();
  const patched = await asUser('PATCH', `/resources/${heart.id}`, {
    version: heart.version,
    favorite: true,
    textSections: [
      {
        id: 's-sglt2',
        title: 'SGLT2 inhibitors',
        deltaString: JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text: 'Start dapagliflozin early.', styles: {} }], children: [] }]),
        editing: false,
        createdAt: now,
        updatedAt: now,
      },
    ],
  });
  expect(patched.status).toBe(200);
});

afterAll(async () => {
  await poller?.stop();
  await double?.close();
});

describe('the cloud indexer on the table stream', () => {
  it('indexes what the stream carries, and finds what the local engine finds', async () => {
    await expect.poll(async () => (await viaOpenSearch({ flagged: true })).found, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await viaApi({ flagged: true })).found, { timeout: 20_000 }).toBe(1);
    const cases: [Partial<SearchRequest>, string[]][] = [
      [{}, [made.heart!, made.sepsis!, made.pneumonia!]],
      [{ query: 'pneu' }, [made.pneumonia!]],
      [{ query: 'dapagliflozin' }, [made.heart!]],
      [{ query: 'sglt2' }, [made.heart!]],
      [{ query: 'heart fail' }, [made.heart!]],
      [{ flagged: true }, [made.heart!]],
      [{ tags: ['icu', 'infectious disease'] }, [made.sepsis!]],
    ];
    for (const [request, want] of cases) {
      expect(ids(await viaOpenSearch(request)), JSON.stringify(request)).toEqual(want);
      expect(ids(await viaApi(request)), JSON.stringify(request)).toEqual(want);
    }
    expect((await viaOpenSearch({})).facets).toEqual((await viaApi({})).facets);
  });

  it('follows a delete', async () => {
    expect((await asUser('DELETE', `/resources/${made.pneumonia}`)).status).toBe(200);
    await expect.poll(async () => (await viaOpenSearch({ query: 'pneumonia' })).found, { timeout: 20_000 }).toBe(0);
  });

  it("rebuilds a user's index from the table", async () => {
    await indexer.search.removeUser(user.userId);
    expect((await viaOpenSearch({})).found).toBe(0);
    expect(await reindexUser(indexer, user.userId)).toBe(2);
    expect(ids(await viaOpenSearch({}))).toEqual([made.heart, made.sepsis]);
  });
});
