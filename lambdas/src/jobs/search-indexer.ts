// Keeps the search index in step with the table. Both runtimes feed it the table's stream records: the indexer Lambda in
// the cloud, the stream poller locally. A record only names a resource; the indexer reads the resource as it is now and
// indexes that (or drops it when it is gone), so records may arrive twice or out of order and the index still ends up
// matching the table.
import type { Logger } from '@aws-lambda-powertools/logger';
import { AppError, type Resource, type ResourceSummary } from '@chartside/shared';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import * as z from 'zod';
import { keys } from '../data/table';
import type { SearchIndex } from '../ports/search-index';
import { toSearchDocument } from '../services/search-document';

export interface SearchIndexerDeps {
  resources: {
    get(userId: string, resourceId: string): Promise<Resource | undefined>;
    list(userId: string): Promise<Pick<ResourceSummary, 'id' | 'version'>[]>;
  };
  search: SearchIndex;
  logger: Logger;
}

/** A direct invocation of the indexer Lambda that rebuilds one user's index. */
export interface ReindexEvent {
  reindexUserId: string;
}

/** How many resources of a batch are read and indexed at once. */
const INDEX_CONCURRENCY = 8;

const userPrefix = keys.user('');
const resourcePrefix = keys.resource('');

/** The resource a record is about; undefined for every other item (users, sessions, a resource body's parts, ...). */
const resourceOf = (record: DynamoDBRecord) => {
  const pk = record.dynamodb?.Keys?.pk?.S;
  const sk = record.dynamodb?.Keys?.sk?.S;
  if (!pk?.startsWith(userPrefix) || !sk?.startsWith(resourcePrefix)) return undefined;
  const userId = pk.slice(userPrefix.length);
  const resourceId = sk.slice(resourcePrefix.length);
  return userId && resourceId ? { userId, resourceId } : undefined;
};

/** A stored item that does not read as a resource fails the same way on every retry: retrying would block the stream. */
const isUnreadable = (error: unknown): error is Error => error instanceof z.ZodError || error instanceof SyntaxError;

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * Indexes the resource as the table holds it now, or drops it when the table no longer has it (or cannot be read).
 * Answers the version indexed; undefined when it was dropped.
 */
const syncResource = async (deps: SearchIndexerDeps, userId: string, resourceId: string): Promise<number | undefined> => {
  let resource: Resource | undefined;
  try {
    resource = await deps.resources.get(userId, resourceId);
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    deps.logger.error('A stored resource does not read as one; it is left out of search', { userId, resourceId, error: error.name });
  }
  if (resource) await deps.search.upsert(toSearchDocument(userId, resource));
  else await deps.search.remove(userId, resourceId);
  return resource?.version;
};

/**
 * Applies a batch of stream records, each resource once however many records name it. A resource that fails is logged
 * and reported with its records' sequence numbers, so the stream retries from there (Lambda's ReportBatchItemFailures;
 * the local poller does the same); the rest of the batch still lands.
 */
export const indexStreamRecords = async (deps: SearchIndexerDeps, records: DynamoDBRecord[]): Promise<DynamoDBBatchResponse> => {
  // user id -> resource id -> sequence numbers of its records, in stream order
  const byUser = new Map<string, Map<string, string[]>>();
  for (const record of records) {
    const target = resourceOf(record);
    if (!target) continue;
    const resources = byUser.get(target.userId) ?? new Map<string, string[]>();
    byUser.set(target.userId, resources);
    const sequenceNumbers = resources.get(target.resourceId) ?? [];
    resources.set(target.resourceId, sequenceNumbers);
    if (record.dynamodb?.SequenceNumber) sequenceNumbers.push(record.dynamodb.SequenceNumber);
  }

  const jobs = [...byUser].flatMap(([userId, resources]) => [...resources].map(([resourceId, sequenceNumbers]) => ({ userId, resourceId, sequenceNumbers })));
  const failed: string[] = [];
  let next = 0;
  // A few reads at a time: each resource is one consistent read of the table, and the index writes are quick.
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      try {
        await syncResource(deps, job.userId, job.resourceId);
      } catch (error) {
        deps.logger.error('Could not index a resource', { userId: job.userId, resourceId: job.resourceId, error: errorText(error) });
        // A resource stored wrong (a ciphertext that was changed: a 400 of the cipher) fails the same way every time;
        // retrying it would only hold back the records after it. Anything else (a write still landing, a busy table) is retried.
        if (!(error instanceof AppError && error.code === 'bad_request')) failed.push(...job.sequenceNumbers);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(INDEX_CONCURRENCY, jobs.length) }, worker));
  const order = new Map(records.map((record, i) => [record.dynamodb?.SequenceNumber, i]));
  failed.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
};

/** How often a reindex compares what it wrote with the table before it leaves the writes made meanwhile to the stream. */
const REINDEX_CHECK_ROUNDS = 5;

/**
 * Rebuilds one user's index from the table: drops what the index holds, then indexes every resource. Returns how many.
 * The stream goes on indexing beside it, so the order matters. The index is emptied before the resources are listed: a
 * resource created meanwhile is in the list, or indexed by the stream after the emptying. And what this pass wrote is
 * compared with a fresh list until they agree: a copy it read just before a rename or a delete, and wrote just after
 * the stream indexed that change, is written again from the table instead of staying.
 */
export const reindexUser = async (deps: SearchIndexerDeps, userId: string): Promise<number> => {
  await deps.resources.list(userId); // a table that cannot be read leaves the index as it was
  await deps.search.removeUser(userId);
  /** resource id -> the version this pass indexed (undefined: dropped, as the table no longer had it or it cannot be read) */
  const written = new Map<string, number | undefined>();
  let toWrite = (await deps.resources.list(userId)).map(({ id }) => id);
  for (let round = 0; toWrite.length > 0 && round < REINDEX_CHECK_ROUNDS; round += 1) {
    for (const id of toWrite) written.set(id, await syncResource(deps, userId, id));
    const now = new Map((await deps.resources.list(userId)).map(({ id, version }) => [id, version]));
    // Only what it indexed: one it dropped was gone (the stream indexes any later restore) or cannot be read at all.
    toWrite = [...written].filter(([id, version]) => version !== undefined && version !== now.get(id)).map(([id]) => id);
  }
  const indexed = [...written.values()].filter((version) => version !== undefined).length;
  deps.logger.info('Reindexed a user', { userId, indexed });
  return indexed;
};

export const isReindexEvent = (event: unknown): event is ReindexEvent =>
  typeof event === 'object' && event !== null && typeof (event as ReindexEvent).reindexUserId === 'string' && (event as ReindexEvent).reindexUserId.length > 0;

/** The indexer Lambda's whole job: a stream batch, or a direct `{ reindexUserId }` invocation. */
export const runSearchIndexer = async (deps: SearchIndexerDeps, event: { Records: DynamoDBRecord[] } | ReindexEvent) => {
  if (isReindexEvent(event)) return { reindexed: await reindexUser(deps, event.reindexUserId) };
  return indexStreamRecords(deps, event.Records ?? []);
};
