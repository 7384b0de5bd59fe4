// The table's stream (resource items only, by the event source's filter) and direct `{ "reindexUserId": "..." }`
// invocations. Stream failures are reported per record (ReportBatchItemFailures), so only those are retried.
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { runSearchIndexer, type ReindexEvent } from '../jobs/search-indexer';
import { searchIndexerDeps } from './search-deps';

export const handler = (event: DynamoDBStreamEvent | ReindexEvent) => runSearchIndexer(searchIndexerDeps, event);
