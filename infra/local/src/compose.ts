// The local composition root: the same routers and handlers as the cloud, wired to the emulators.
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PollyClient } from '@aws-sdk/client-polly';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { MIN_AUDIT_RETENTION_YEARS } from '@chartside/shared';
import publicKey from 'cognito-local/lib/keys/cognitoLocal.public.json';
import { fetchArticleMetadata } from '@chartside/lambdas/adapters/articles/fetch-article-metadata';
import { fetchPdf } from '@chartside/lambdas/adapters/articles/fetch-pdf';
import { fetchFeed } from '@chartside/lambdas/adapters/feeds/fetch-feed';
import { refreshFeed, type FeedDeps } from '@chartside/lambdas/services/feed-service';
import { apiGatewayConnectionPoster } from '@chartside/lambdas/adapters/aws/api-gateway-connection-poster';
import { getConnInfo } from '@hono/node-server/conninfo';
import { cognitoUserDirectory } from '@chartside/lambdas/adapters/aws/cognito-user-directory';
import { documentTable, tableIsActive } from '@chartside/lambdas/adapters/aws/dynamodb';
import { createLogger } from '@chartside/lambdas/adapters/aws/logger';
import { encryptionSdkCipher, rawAesKeyring } from '@chartside/lambdas/adapters/envelope/encryption-sdk-cipher';
import { loadLocalDataKey } from '@chartside/lambdas/adapters/envelope/local-data-key';
import { loadLocalVapidKeys } from '@chartside/lambdas/adapters/push/local-vapid-keys';
import { webPushSender } from '@chartside/lambdas/adapters/push/web-push-sender';
import { pollySpeechSynthesizer } from '@chartside/lambdas/adapters/aws/polly-speech-synthesizer';
import { s3BackupStore } from '@chartside/lambdas/adapters/aws/s3-backup-store';
import { s3FileStore } from '@chartside/lambdas/adapters/aws/s3-file-store';
import { s3FileManifest } from '@chartside/lambdas/adapters/aws/s3-list';
import { fastGeoipLocator } from '@chartside/lambdas/adapters/geo/fast-geoip-locator';
import { jwksTokenVerifier } from '@chartside/lambdas/adapters/local/jwks-token-verifier';
import { createPublicWeb } from '@chartside/lambdas/adapters/public-web/public-web';
import { openSqliteSearchIndex } from '@chartside/lambdas/adapters/local/sqlite-search-index';
import { AuditTrailRepository } from '@chartside/lambdas/data/audit-trail';
import { ConnectionRepository } from '@chartside/lambdas/data/connection-repository';
import { createRepositories } from '@chartside/lambdas/data/repositories';
import type { ClientIp, HttpDeps } from '@chartside/lambdas/http/deps';
import { systemClock } from '@chartside/lambdas/ports/clock';
import { healthCheckOf, type DependencyProbe } from '@chartside/lambdas/ports/health-check';
import { writeAuditEvents } from '@chartside/lambdas/jobs/audit-writer';
import { chatReplyDepsOf, runChatReply } from '@chartside/lambdas/jobs/chat-reply';
import type { ReplyRunner } from '@chartside/lambdas/ports/reply-runner';
import type { BackupDeps } from '@chartside/lambdas/jobs/backup';
import { createBroadcast } from '@chartside/lambdas/ws/broadcast';
import type { RealtimeDeps } from '@chartside/lambdas/ws/deps';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { cognitoClient } from './cognito-local';
import { searchDbFile } from './local-search';
import { localModels } from './models';
import { localAws, type LocalSettings } from './settings';
import { localTranscriptionSessions, type LocalSpeech } from './speech';

export interface LocalEndpoints {
  origin: string;
  dynamodb: string;
  s3: string;
  cognito: string;
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
}

const probe = async (check: () => Promise<unknown>): ReturnType<DependencyProbe> => {
  try {
    await check();
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? `${error.name}: ${error.message}` : 'unreachable' };
  }
};

/**
 * Locally the API is served straight from the socket: its peer is the caller. A dual-stack socket reports an IPv4 peer
 * as '::ffff:127.0.0.1'; sessions and the audit trail show it as the IPv4 address it is.
 */
const socketClientIp: ClientIp = (c) => {
  try {
    return (getConnInfo(c).remote.address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  } catch {
    return '';
  }
};

export const composeLocal = (settings: LocalSettings, endpoints: LocalEndpoints, extraProbes: Record<string, DependencyProbe>, speech: LocalSpeech) => {
  const aws = { region: localAws.region, credentials: localAws.credentials };
  const logger = createLogger(settings.LOG_LEVEL);
  const table = documentTable(localAws.tableName, { ...aws, endpoint: endpoints.dynamodb }, settings.DYNAMODB_TIMEOUT_MS);
  const cognito = cognitoClient(endpoints.cognito);
  const s3 = new S3Client({ ...aws, endpoint: endpoints.s3, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const tokenVerifier = jwksTokenVerifier({ issuer: endpoints.issuer, clientId: endpoints.userPoolClientId, jwks: { keys: [publicKey.jwk] } as unknown as Jwks });
  const connections = new ConnectionRepository(table, systemClock);
  const poster = apiGatewayConnectionPoster(new ApiGatewayManagementApiClient({ ...aws, endpoint: endpoints.origin }));
  // Locally the Encryption SDK wraps data keys with a raw AES key under DATA_DIR (KMS in the cloud).
  const cipher = encryptionSdkCipher(rawAesKeyring(loadLocalDataKey(settings.dataDir)));
  const repositories = createRepositories(table, systemClock, cipher);
  const realtime: RealtimeDeps = { connections, poster, tickets: repositories.realtimeTickets, clock: systemClock, logger };
  const search = openSqliteSearchIndex(searchDbFile(settings.dataDir));

  const health = healthCheckOf({
    dynamodb: () => tableIsActive(table),
    s3: () => probe(() => s3.send(new HeadBucketCommand({ Bucket: localAws.filesBucket }))),
    cognito: () => probe(() => cognito.send(new DescribeUserPoolCommand({ UserPoolId: endpoints.userPoolId }))),
    search: () => probe(() => search.check()),
    ...extraProbes,
  });

  const broadcast = createBroadcast(realtime);
  // Presigned URLs name s3rver's own address (127.0.0.1), which the browser on this machine reaches directly.
  const fileStore = s3FileStore(s3, localAws.filesBucket);
  // Nightly backups go to a second s3rver bucket, as they go to their own bucket in the cloud.
  const userBackups: BackupDeps = { table, backups: s3BackupStore(s3, localAws.backupsBucket), fileManifest: s3FileManifest(s3, localAws.filesBucket), clock: systemClock, logger };
  const models = localModels(settings);
  const replyDeps = chatReplyDepsOf(repositories, {
    fileStore,
    cipher,
    connections,
    poster,
    broadcast,
    models,
    dailyTokens: settings.AI_DAILY_TOKENS,
    clock: systemClock,
    logger,
  });
  // The cloud runs a reply in its own Lambda; here it runs beside the request that started it.
  const replies: ReplyRunner = {
    start: async (job, handoff) => {
      void runChatReply(replyDeps, job, handoff).catch((error: unknown) => logger.error('chat reply crashed', { error: error instanceof Error ? error.message : String(error) }));
    },
  };

  // The audit writer runs in this process (its own function in the cloud), through the same job code, into its own table.
  const auditTable = documentTable(localAws.auditTableName, { ...aws, endpoint: endpoints.dynamodb }, settings.DYNAMODB_TIMEOUT_MS);
  const auditWriter = { table: auditTable, clock: systemClock, retentionYears: MIN_AUDIT_RETENTION_YEARS };
  const audit: HttpDeps['audit'] = {
    recorder: { record: async (events) => void (await writeAuditEvents(auditWriter, events)) },
    trail: new AuditTrailRepository(auditTable),
  };

  const publicWeb = createPublicWeb({ contactEmail: settings.ARTICLE_CONTACT_EMAIL, allowPrivateHosts: settings.ARTICLE_ALLOW_PRIVATE_HOSTS });
  // The feed refresh, the manual update's and the schedule's.
  const feed: FeedDeps = {
    feed: repositories.feed,
    pushDevices: repositories.pushDevices,
    feedFetcher: fetchFeed({ web: publicWeb, timeoutMs: settings.FEED_TIMEOUT_MS }),
    // The VAPID key pair is made at the first start and kept under DATA_DIR (the cloud makes its pair at deploy).
    push: webPushSender({ keys: loadLocalVapidKeys(settings.dataDir), contactEmail: settings.PUSH_CONTACT_EMAIL, timeoutMs: settings.PUSH_TIMEOUT_MS }),
    broadcast,
    clock: systemClock,
    logger,
  };
  const http: HttpDeps = {
    ...repositories,
    tokenVerifier,
    userDirectory: cognitoUserDirectory(cognito),
    broadcast,
    geo: fastGeoipLocator(),
    clientIp: socketClientIp,
    clock: systemClock,
    health,
    logger,
    fileStore,
    userBackups,
    cipher,
    articleMetadata: fetchArticleMetadata({
      crossrefUrl: settings.ARTICLE_CROSSREF_URL,
      unpaywallUrl: settings.ARTICLE_UNPAYWALL_URL,
      contactEmail: settings.ARTICLE_CONTACT_EMAIL,
      timeoutMs: settings.ARTICLE_TIMEOUT_MS,
      web: publicWeb,
    }),
    pdfFetcher: fetchPdf({ web: publicWeb, timeoutMs: settings.ARTICLE_PDF_TIMEOUT_MS }),
    // The manual update runs in this process (the feed refresh function runs it in the cloud).
    feedRefresher: { refresh: (userId) => refreshFeed(feed, userId) },
    pushPublicKey: feed.push?.publicKey,
    search,
    ai: { models, replies, dailyTokens: settings.AI_DAILY_TOKENS },
    transcription: localTranscriptionSessions(speech, endpoints.origin),
    // The cloud's Polly adapter, only when pointed at a Polly (a double in tests); otherwise the browser reads aloud.
    speech: settings.AWS_ENDPOINT_URL_POLLY
      ? pollySpeechSynthesizer({ client: new PollyClient({ region: settings.POLLY_REGION, endpoint: settings.AWS_ENDPOINT_URL_POLLY }), defaultVoice: settings.SPEECH_VOICE })
      : undefined,
    audit,
  };
  // The stream poller hands the table's changes to the same indexer job the cloud's indexer Lambda runs.
  const indexer = { resources: http.resources, search, logger };
  const transcription = { speech, tokenVerifier, logger };
  return { http, feed, realtime, transcription, cognito, logger, table, indexer, userBackups };
};
