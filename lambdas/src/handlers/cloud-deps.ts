// The cloud composition root of the HTTP API: AWS adapters built once per container from the environment, on the layers
// the other functions share (realtime-deps.ts, chat-reply-deps.ts).
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { PollyClient } from '@aws-sdk/client-polly';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { AuditTrailRepository } from '../data/audit-trail';
import { createRepositories } from '../data/repositories';
import { documentTable, tableIsActive } from '../adapters/aws/dynamodb';
import type { HttpDeps } from '../http/deps';
import { fetchArticleMetadata } from '../adapters/articles/fetch-article-metadata';
import { fetchPdf } from '../adapters/articles/fetch-pdf';
import { fetchFeed } from '../adapters/feeds/fetch-feed';
import { cognitoTokenVerifier } from '../adapters/aws/cognito-token-verifier';
import { cognitoUserDirectory } from '../adapters/aws/cognito-user-directory';
import { lambdaAuditRecorder } from '../adapters/aws/lambda-audit-recorder';
import { lambdaReplyRunner } from '../adapters/aws/lambda-reply-runner';
import { forwardedClientIp } from '../adapters/aws/forwarded-client-ip';
import { openSearchSearchIndex, signedOpenSearchClient } from '../adapters/aws/opensearch-search-index';
import { pollySpeechSynthesizer } from '../adapters/aws/polly-speech-synthesizer';
import { transcribeMedicalSessions } from '../adapters/aws/transcribe-medical-sessions';
import { fastGeoipLocator } from '../adapters/geo/fast-geoip-locator';
import { createPublicWeb } from '../adapters/public-web/public-web';
import { unavailableTranscriptionSessions } from '../adapters/unavailable-transcription-sessions';
import { systemClock } from '../ports/clock';
import { healthCheckOf } from '../ports/health-check';
import type { ReplyRunner } from '../ports/reply-runner';
import type { TranscriptionSessions } from '../ports/transcription-sessions';
import { cloudBackupDeps } from './backup-deps';
import { broadcast, cipher, fileStore, models } from './chat-reply-deps';
import { cloudPushSender } from './cloud-push';
import { config, logger, table } from './realtime-deps';

const repositories = createRepositories(table, systemClock, cipher);
const tokenVerifier = cognitoTokenVerifier(config.USER_POOL_ID, config.USER_POOL_CLIENT_ID);
const userBackups = cloudBackupDeps(config, table, logger);
// In the cloud a user's address must be on the public internet: never the function's own network.
const publicWeb = createPublicWeb({ contactEmail: config.ARTICLE_CONTACT_EMAIL, allowPrivateHosts: false });
const feedFetcher = fetchFeed({ web: publicWeb, timeoutMs: config.FEED_TIMEOUT_MS });
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
export const httpDeps: HttpDeps = {
  ...repositories,
  tokenVerifier,
  userDirectory: cognitoUserDirectory(new CognitoIdentityProviderClient({})),
  broadcast,
  geo: fastGeoipLocator(),
  clientIp: forwardedClientIp,
  clock: systemClock,
  health: healthCheckOf({ dynamodb: () => tableIsActive(table) }),
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
