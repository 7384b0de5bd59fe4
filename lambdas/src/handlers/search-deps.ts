// The composition root of the search functions (stream indexer, index setup): only the table, the OpenSearch domain
// and a logger, so they need none of the HTTP function's settings.
import { documentTable } from '../adapters/aws/dynamodb';
import { createLogger } from '../adapters/aws/logger';
import { openSearchSearchIndex, signedOpenSearchClient } from '../adapters/aws/opensearch-search-index';
import { ResourceRepository } from '../data/resource-repository';
import type { SearchIndexerDeps } from '../jobs/search-indexer';
import { searchConfig } from './cloud-config';

const config = searchConfig();

export const searchClient = signedOpenSearchClient(config.SEARCH_ENDPOINT, config.AWS_REGION);

export const searchIndexerDeps: SearchIndexerDeps = {
  resources: new ResourceRepository(documentTable(config.TABLE_NAME)),
  search: openSearchSearchIndex(searchClient),
  logger: createLogger(config.LOG_LEVEL),
};
