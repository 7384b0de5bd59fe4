// The deploy-time custom resource (through the CDK provider framework): creates the search index with its mapping when
// missing, else adds new fields to the mapping. Deleting the stack keeps the index: the domain is retained with it.
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { SEARCH_INDEX_NAME } from '../adapters/aws/opensearch-index-definition';
import { ensureSearchIndex } from '../adapters/aws/opensearch-search-index';
import { searchClient, searchIndexerDeps } from './search-deps';

export const handler = async (event: CloudFormationCustomResourceEvent) => {
  if (event.RequestType !== 'Delete') {
    const outcome = await ensureSearchIndex(searchClient, SEARCH_INDEX_NAME);
    searchIndexerDeps.logger.info('Search index ready', { index: SEARCH_INDEX_NAME, outcome });
  }
  return { PhysicalResourceId: `search-index-${SEARCH_INDEX_NAME}` };
};
