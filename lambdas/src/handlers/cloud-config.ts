// The only place in the cloud runtime that reads the environment; CDK sets these on every function.
import { DEFAULT_SPEECH_VOICE, defaultTranscriptionConfig, MIN_AUDIT_RETENTION_YEARS, SpeechVoiceId, TranscriptionConfig } from '@chartside/shared';
import * as z from 'zod';
import { bedrockModelDefaults } from '../adapters/aws/bedrock-model-defaults';

const CloudConfig = z.object({
  TABLE_NAME: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  WS_MANAGEMENT_ENDPOINT: z.url(),
  LOG_LEVEL: z.string().default('INFO'),
  /** The OpenSearch domain's endpoint (host name), and the region its requests are signed for (set by Lambda). */
  SEARCH_ENDPOINT: z.string().min(1),
  AWS_REGION: z.string().min(1),
  FILES_BUCKET: z.string().min(1),
  /** The KMS-encrypted bucket nightly backups go to (the HTTP API lists, previews and restores them). */
  BACKUPS_BUCKET: z.string().min(1),
  /** The customer-managed KMS key that wraps the data keys of envelope encryption (encrypted resources, fileencrypt). */
  DATA_ENCRYPTION_KEY_ARN: z.string().startsWith('arn:'),
  ARTICLE_CROSSREF_URL: z.url().default('https://api.crossref.org'),
  ARTICLE_UNPAYWALL_URL: z.url().default('https://api.unpaywall.org'),
  /** Crossref's polite pool and Unpaywall ask callers for a contact address (CDK context `contactEmail`). */
  ARTICLE_CONTACT_EMAIL: z.email().default('chartside@example.org'),
  ARTICLE_TIMEOUT_MS: z.coerce.number().int().positive().default(8_000),
  /** For an article's PDF (up to 50 MB, every address tried): within the function's 28 s, leaving time to store it. */
  ARTICLE_PDF_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** How long fetching one feed source may take, in milliseconds. */
  FEED_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The Secrets Manager secret holding the VAPID key pair of feed notifications (made at deploy); unset: no push. */
  VAPID_SECRET_ARN: z.string().startsWith('arn:').optional(),
  /** Given to browsers' push services with every feed notification (VAPID's contact; CDK context `contactEmail`). */
  PUSH_CONTACT_EMAIL: z.email().default('chartside@example.org'),
  /** How long one push service may take to accept a feed notification, in milliseconds. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The Bedrock models (CDK context; the role may invoke exactly these). */
  BEDROCK_MODEL_FAST: z.string().min(1).default(bedrockModelDefaults.fast),
  BEDROCK_MODEL_SLOW: z.string().min(1).default(bedrockModelDefaults.slow),
  BEDROCK_MODEL_VISION: z.string().min(1).default(bedrockModelDefaults.vision),
  BEDROCK_MODEL_EXTRACTION: z.string().min(1).default(bedrockModelDefaults.extraction),
  /** Model tokens one user may use per day (UTC). */
  AI_DAILY_TOKENS: z.coerce.number().int().positive().default(500_000),
  /** The function that streams chat replies (set on the HTTP API's function, which starts them). */
  CHAT_REPLY_FUNCTION: z.string().min(1).optional(),
  /** The feed refresh function, which the API's feed function invokes for a user's manual update. */
  FEED_REFRESH_FUNCTION: z.string().min(1).optional(),
  /** Dictation's engine (CDK context `dictation`): Amazon Transcribe Medical streaming, or none. */
  DICTATION: z.enum(['transcribe-medical', 'off']).default('off'),
  TRANSCRIBE_MEDICAL_SPECIALTY: TranscriptionConfig.shape.medicalSpecialty.default(defaultTranscriptionConfig.medicalSpecialty),
  TRANSCRIBE_MEDICAL_TYPE: TranscriptionConfig.shape.transcriptionType.default(defaultTranscriptionConfig.transcriptionType),
  /** Another Transcribe streaming endpoint, as the AWS SDK names it (a test double); the region's own when unset. */
  AWS_ENDPOINT_URL_TRANSCRIBE_STREAMING: z.url().optional(),
  /** The Amazon Polly voice /tools/texttospeech reads with when the user picks none (CDK context `speechVoice`). */
  SPEECH_VOICE: SpeechVoiceId.default(DEFAULT_SPEECH_VOICE),
  /** The audit table (the HTTP API only reads it) and the function that appends to it; set on the HTTP API's function. */
  AUDIT_TABLE_NAME: z.string().min(1).optional(),
  AUDIT_WRITER_FUNCTION: z.string().min(1).optional(),
});
export type CloudConfig = z.infer<typeof CloudConfig>;

export const cloudConfig = (): CloudConfig => CloudConfig.parse(process.env);

/** The search functions (stream indexer, index setup) get only the table, the OpenSearch domain and the log level. */
const SearchConfig = CloudConfig.pick({ TABLE_NAME: true, LOG_LEVEL: true, SEARCH_ENDPOINT: true, AWS_REGION: true });
export type SearchConfig = z.infer<typeof SearchConfig>;

export const searchConfig = (): SearchConfig => SearchConfig.parse(process.env);

/** The nightly backup function gets the table, both buckets and the log level. */
const BackupConfig = CloudConfig.pick({ TABLE_NAME: true, LOG_LEVEL: true, FILES_BUCKET: true, BACKUPS_BUCKET: true });
export type BackupConfig = z.infer<typeof BackupConfig>;

export const backupConfig = (): BackupConfig => BackupConfig.parse(process.env);

/**
 * The scheduled feed refresh gets the table, the WebSocket API (the unread badge), what fetching a feed needs and the
 * VAPID secret (feed notifications).
 */
const FeedRefreshConfig = CloudConfig.pick({
  TABLE_NAME: true,
  LOG_LEVEL: true,
  WS_MANAGEMENT_ENDPOINT: true,
  ARTICLE_CONTACT_EMAIL: true,
  FEED_TIMEOUT_MS: true,
  VAPID_SECRET_ARN: true,
  PUSH_CONTACT_EMAIL: true,
  PUSH_TIMEOUT_MS: true,
});
export type FeedRefreshConfig = z.infer<typeof FeedRefreshConfig>;

export const feedRefreshConfig = (): FeedRefreshConfig => FeedRefreshConfig.parse(process.env);

/** The audit writer gets its table and how many years entries are kept (CDK context `auditRetentionYears`). */
const AuditWriterConfig = z.object({
  AUDIT_TABLE_NAME: z.string().min(1),
  AUDIT_RETENTION_YEARS: z.coerce.number().int().min(MIN_AUDIT_RETENTION_YEARS),
});
export type AuditWriterConfig = z.infer<typeof AuditWriterConfig>;

export const auditWriterConfig = (): AuditWriterConfig => AuditWriterConfig.parse(process.env);

/** The deploy-time VAPID setup gets only its secret and the log level. */
const VapidSetupConfig = z.object({ LOG_LEVEL: CloudConfig.shape.LOG_LEVEL, VAPID_SECRET_ARN: z.string().startsWith('arn:') });
export type VapidSetupConfig = z.infer<typeof VapidSetupConfig>;

export const vapidSetupConfig = (): VapidSetupConfig => VapidSetupConfig.parse(process.env);
