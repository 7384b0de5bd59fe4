// The HTTP API's search function: search and questions to the library, on the OpenSearch domain.
import { handle } from 'hono/aws-lambda';
import { openSearchSearchIndex, signedOpenSearchClient } from '../adapters/aws/opensearch-search-index';
import { ChatRepository } from '../data/chat-repository';
import { createApp } from '../http/app';
import { searchRouters, type SearchGroupDeps } from '../http/groups/search';
import { models } from './models-deps';
import { httpBaseDeps } from './http-base-deps';
import { config, table } from './base-deps';

const deps: SearchGroupDeps = {
  ...httpBaseDeps,
  search: openSearchSearchIndex(signedOpenSearchClient(config.SEARCH_ENDPOINT, config.AWS_REGION)),
  chats: new ChatRepository(table),
  ai: { models, dailyTokens: config.AI_DAILY_TOKENS },
};

export const handler = handle(createApp(deps, (hook) => searchRouters(deps, hook)));
