// The cloud composition root: AWS adapters built once per container from the environment.
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { S3Client } from '@aws-sdk/client-s3';
import { ConnectionRepository } from '../data/connection-repository';
import { createRepositories } from '../data/repositories';
import type { HttpDeps } from '../http/deps';
import { fetchArticleMetadata } from '../adapters/articles/fetch-article-metadata';
import { apiGatewayConnectionPoster } from '../adapters/aws/api-gateway-connection-poster';
import { cognitoTokenVerifier } from '../adapters/aws/cognito-token-verifier';
import { cognitoUserDirectory } from '../adapters/aws/cognito-user-directory';
import { documentTable, tableIsActive } from '../adapters/aws/dynamodb';
import { forwardedClientIp } from '../adapters/aws/forwarded-client-ip';
import { createLogger } from '../adapters/aws/logger';
import { openSearchSearchIndex, signedOpenSearchClient } from '../adapters/aws/opensearch-search-index';
import { s3FileStore } from '../adapters/aws/s3-file-store';
import { fastGeoipLocator } from '../adapters/geo/fast-geoip-locator';
import { systemClock } from '../ports/clock';
import { createBroadcast } from '../ws/broadcast';
import type { RealtimeDeps } from '../ws/deps';
import { cloudConfig } from './cloud-config';

const config = cloudConfig();
const logger = createLogger(config.LOG_LEVEL);
const table = documentTable(config.TABLE_NAME);
const connections = new ConnectionRepository(table, systemClock);
const poster = apiGatewayConnectionPoster(new ApiGatewayManagementApiClient({ endpoint: config.WS_MANAGEMENT_ENDPOINT }));
const tokenVerifier = cognitoTokenVerifier(config.USER_POOL_ID, config.USER_POOL_CLIENT_ID);

export const realtimeDeps: RealtimeDeps = { connections, poster, tokenVerifier, clock: systemClock, logger };

export const httpDeps: HttpDeps = {
  ...createRepositories(table, systemClock),
  tokenVerifier,
  userDirectory: cognitoUserDirectory(new CognitoIdentityProviderClient({})),
  broadcast: createBroadcast(realtimeDeps),
  geo: fastGeoipLocator(),
  clientIp: forwardedClientIp,
  clock: systemClock,
  health: async () => {
    const dynamodb = await tableIsActive(table);
    return { status: dynamodb.ok ? 'ok' : 'degraded', dependencies: { dynamodb } };
  },
  logger,
  fileStore: s3FileStore(new S3Client({}), config.FILES_BUCKET),
  search: openSearchSearchIndex(signedOpenSearchClient(config.SEARCH_ENDPOINT, config.AWS_REGION)),
  articleMetadata: fetchArticleMetadata({
    crossrefUrl: config.ARTICLE_CROSSREF_URL,
    unpaywallUrl: config.ARTICLE_UNPAYWALL_URL,
    contactEmail: config.ARTICLE_CONTACT_EMAIL,
    // In the cloud the article page must be on the public internet: never the function's own network.
    allowPrivateHosts: false,
    timeoutMs: config.ARTICLE_TIMEOUT_MS,
  }),
};
