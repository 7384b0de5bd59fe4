// Search in the local runtime: where the SQLite index lives, how it follows the table's stream, and how it is rebuilt.
import path from 'node:path';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { ScanCommand, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { indexStreamRecords, reindexUser, type SearchIndexerDeps } from '@chartside/lambdas/jobs/search-indexer';
import { keys, type Table } from '@chartside/lambdas/data/table';
import type { SqliteSearchIndex } from '@chartside/lambdas/adapters/local/sqlite-search-index';
import { startStreamPoller, type StreamPoller } from './stream-poller';

export const searchFolder = (dataDir: string) => path.join(dataDir, 'search');
export const searchDbFile = (dataDir: string) => path.join(searchFolder(dataDir), 'search.db');
const checkpointFile = (dataDir: string) => path.join(searchFolder(dataDir), 'stream-checkpoints.json');

/** Every user who has at least one resource in the table (a scan: for rebuilding the whole index only). */
export const usersWithResources = async (table: Table): Promise<string[]> => {
  const userPrefix = keys.user('');
  const input: ScanCommandInput = {
    TableName: table.name,
    ProjectionExpression: 'pk',
    FilterExpression: 'begins_with(pk, :user) AND begins_with(sk, :resource)',
    ExpressionAttributeValues: { ':user': userPrefix, ':resource': keys.resource('') },
  };
  const users = new Set<string>();
  do {
    const page = await table.client.send(new ScanCommand(input));
    for (const item of page.Items ?? []) users.add(String(item.pk).slice(userPrefix.length));
    input.ExclusiveStartKey = page.LastEvaluatedKey;
  } while (input.ExclusiveStartKey);
  return [...users].sort();
};

/**
 * Rebuilds the index of every user with resources, and drops users the index holds but the table no longer has. A user
 * whose resources cannot be listed (an item that does not read as a resource) is logged and skipped, not the rest.
 */
export const reindexEveryone = async (indexer: SearchIndexerDeps & { search: SqliteSearchIndex }, table: Table) => {
  const users = await usersWithResources(table);
  for (const userId of await indexer.search.userIds()) if (!users.includes(userId)) await indexer.search.removeUser(userId);
  let resources = 0;
  const failed: string[] = [];
  for (const userId of users) {
    try {
      resources += await reindexUser(indexer, userId);
    } catch (error) {
      failed.push(userId);
      indexer.logger.error('Could not reindex a user', { userId, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
  }
  return { users: users.length - failed.length, resources, failed };
};

/**
 * Keeps the index following the table's stream. A new index (first start, or its file was deleted) is rebuilt from the
 * table first, in the background: the runtime answers meanwhile, and search fills in as the rebuild goes.
 */
export const startSearchIndexing = async (options: {
  dataDir: string;
  dynamodbEndpoint: string;
  table: Table;
  indexer: SearchIndexerDeps & { search: SqliteSearchIndex };
}): Promise<StreamPoller> => {
  const { indexer, table } = options;
  const { Table: description } = await table.client.send(new DescribeTableCommand({ TableName: table.name }));
  const streamArn = description?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${table.name} has no stream: search cannot follow it.`);
  const rebuild = indexer.search.created;
  const poller = startStreamPoller({
    endpoint: options.dynamodbEndpoint,
    streamArn,
    checkpointFile: checkpointFile(options.dataDir),
    startAtLatest: rebuild,
    handle: (records) => indexStreamRecords(indexer, records),
    logger: indexer.logger,
  });
  if (rebuild) {
    void poller.ready
      .then(() => reindexEveryone(indexer, table))
      .then((counts) => counts.users + counts.failed.length > 0 && indexer.logger.info('Built the search index from the table', counts))
      .catch((error: unknown) =>
        indexer.logger.error('Could not build the search index from the table: run `npm run reindex -- --all`', {
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        }),
      );
  }
  return poller;
};
