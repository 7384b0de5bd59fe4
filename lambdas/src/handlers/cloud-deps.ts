// The cloud composition root: AWS adapters built once per container from the environment.
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { KMS } from '@aws-sdk/client-kms';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { PollyClient } from '@aws-sdk/client-polly';
import { S3Client } from '@aws-sdk/client-s3';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { AuditTrailRepository } from '../data/audit-trail';
import { ConnectionRepository } from '../data/connection-repository';
import { createRepositories } from '../data/repositories';
import type { HttpDeps } from '../http/deps';
import { fetchArticleMetadata } from '../adapters/articles/fetch-article-metadata';
import { fetchPdf } from '../adapters/articles/fetch-pdf';
import { fetchFeed } from '../adapters/feeds/fetch-feed';
import { apiGatewayConnectionPoster } from '../adapters/aws/api-gateway-connection-poster';
import { createBedrockTextModel } from '../adapters/aws/bedrock-text-model';
import { cognitoTokenVerifier } from '../adapters/aws/cognito-token-verifier';
import { cognitoUserDirectory } from '../adapters/aws/cognito-user-directory';
import { documentTable, tableIsActive } from '../adapters/aws/dynamodb';
import { lambdaAuditRecorder } from '../adapters/aws/lambda-audit-recorder';
import { lambdaReplyRunner } from '../adapters/aws/lambda-reply-runner';
import { forwardedClientIp } from '../adapters/aws/forwarded-client-ip';
import { createLogger } from '../adapters/aws/logger';
import { encryptionSdkCipher, kmsKeyring } from '../adapters/envelope/encryption-sdk-cipher';
import { openSearchSearchIndex, signedOpenSearchClient } from '../adapters/aws/opensearch-search-index';
import { pollySpeechSynthesizer } from '../adapters/aws/polly-speech-synthesizer';
import { s3FileStore } from '../adapters/aws/s3-file-store';
import { transcribeMedicalSessions } from '../adapters/aws/transcribe-medical-sessions';
import { fastGeoipLocator } from '../adapters/geo/fast-geoip-locator';
import { createPublicWeb } from '../adapters/public-web/public-web';
import { unavailableTranscriptionSessions } from '../adapters/unavailable-transcription-sessions';
import { chatReplyDepsOf } from '../jobs/chat-reply';
import { systemClock } from '../ports/clock';
import type { ReplyRunner } from '../ports/reply-runner';
import type { TextModels } from '../ports/text-model';
import type { TranscriptionSessions } from '../ports/transcription-sessions';
import { createBroadcast } from '../ws/broadcast';
import type { RealtimeDeps } from '../ws/deps';
import { RealtimeTicketRepository } from '../data/realtime-ticket-repository';
import { cloudBackupDeps } from './backup-deps';
import { cloudConfig } from './cloud-config';
import { cloudPushSender } from './cloud-push';

const config = cloudConfig();
const logger = createLogger(config.LOG_LEVEL);
const table = documentTable(config.TABLE_NAME);
const connections = new ConnectionRepository(table, systemClock);
const poster = apiGatewayConnectionPoster(new ApiGatewayManagementApiClient({ endpoint: config.WS_MANAGEMENT_ENDPOINT }));
const tokenVerifier = cognitoTokenVerifier(config.USER_POOL_ID, config.USER_POOL_CLIENT_ID);

export const realtimeDeps: RealtimeDeps = { connections, poster, tickets: new RealtimeTicketRepository(table, systemClock), clock: systemClock, logger };

// Data keys come from the deployment's KMS key, with the user and item as encryption context.
const cipher = encryptionSdkCipher(kmsKeyring(config.DATA_ENCRYPTION_KEY_ARN, new KMS({})));
const repositories = createRepositories(table, systemClock, cipher);
const broadcast = createBroadcast(realtimeDeps);
const fileStore = s3FileStore(new S3Client({}), config.FILES_BUCKET);
const userBackups = cloudBackupDeps(config, table, logger);
// In the cloud a user's address must be on the public internet: never the function's own network.
const publicWeb = createPublicWeb({ contactEmail: config.ARTICLE_CONTACT_EMAIL, allowPrivateHosts: false });
const feedFetcher = fetchFeed({ web: publicWeb, timeoutMs: config.FEED_TIMEOUT_MS });
const bedrock = new BedrockRuntimeClient({});
const bedrockModel = (modelId: string) => createBedrockTextModel({ client: bedrock, modelId });
// Patient text goes only to Bedrock in this account and region. The local-model extraction mode has no model here.
const models: TextModels = {
  fast: bedrockModel(config.BEDROCK_MODEL_FAST),
  slow: bedrockModel(config.BEDROCK_MODEL_SLOW),
  vision: bedrockModel(config.BEDROCK_MODEL_VISION),
  extraction: bedrockModel(config.BEDROCK_MODEL_EXTRACTION),
  setUpHint: 'Enable the models in the Bedrock console of the account.',
};
const replies: ReplyRunner = config.CHAT_REPLY_FUNCTION
  ? lambdaReplyRunner(new LambdaClient({}), config.CHAT_REPLY_FUNCTION)
  : { start: () => Promise.reject(new Error('CHAT_REPLY_FUNCTION is not set on this function')) };
// The browser streams audio to Transcribe Medical itself, with a URL signed here by this function's role.
const transcription: TranscriptionSessions =
  config.DICTATION === 'transcribe-medical'
    ? transcribeMedicalSessions({
        region: config.AWS_REGION,
        specialty: config.TRANSCRIBE_MEDICAL_SPECIALTY,
        type: config.TRANSCRIBE_MEDICAL_TYPE,
        credentials: defaultProvider(),
        clock: systemClock,
        endpoint: config.AWS_ENDPOINT_URL_TRANSCRIBE_STREAMING,
      })
    : unavailableTranscriptionSessions('Dictation is turned off in this deployment (CDK context dictation=false).');
// Only the HTTP API's function has the audit table and writer; the other functions that build these deps never audit.
const audit: HttpDeps['audit'] = {
  recorder: config.AUDIT_WRITER_FUNCTION
    ? lambdaAuditRecorder(new LambdaClient({}), config.AUDIT_WRITER_FUNCTION)
    : { record: () => Promise.reject(new Error('AUDIT_WRITER_FUNCTION is not set on this function')) },
  trail: new AuditTrailRepository(documentTable(config.AUDIT_TABLE_NAME ?? 'audit-table-not-set')),
};
export const chatReplyDeps = chatReplyDepsOf(repositories, {
  fileStore,
  cipher,
  connections,
  poster,
  broadcast,
  models,
  dailyTokens: config.AI_DAILY_TOKENS,
  clock: systemClock,
  logger,
});

export const httpDeps: HttpDeps = {
  ...repositories,
  tokenVerifier,
  userDirectory: cognitoUserDirectory(new CognitoIdentityProviderClient({})),
  broadcast,
  geo: fastGeoipLocator(),
  clientIp: forwardedClientIp,
  clock: systemClock,
  health: async () => {
    const dynamodb = await tableIsActive(table);
    return { status: dynamodb.ok ? 'ok' : 'degraded', dependencies: { dynamodb } };
  },
  logger,
  fileStore,
  userBackups,
  cipher,
  search: openSearchSearchIndex(signedOpenSearchClient(config.SEARCH_ENDPOINT, config.AWS_REGION)),
  articleMetadata: fetchArticleMetadata({
    crossrefUrl: config.ARTICLE_CROSSREF_URL,
    unpaywallUrl: config.ARTICLE_UNPAYWALL_URL,
    contactEmail: config.ARTICLE_CONTACT_EMAIL,
    timeoutMs: config.ARTICLE_TIMEOUT_MS,
    web: publicWeb,
  }),
  pdfFetcher: fetchPdf({ web: publicWeb, timeoutMs: config.ARTICLE_PDF_TIMEOUT_MS }),
  feedFetcher,
  push: await cloudPushSender(config),
  ai: { models, replies, dailyTokens: config.AI_DAILY_TOKENS },
  transcription,
  // Text read aloud goes only to Polly in this account and region.
  speech: pollySpeechSynthesizer({ client: new PollyClient({}), defaultVoice: config.SPEECH_VOICE }),
  audit,
};
