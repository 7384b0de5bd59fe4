// The local runtime's settings: the only place in it that reads the environment. Documented in the README and .env.example.
import path from 'node:path';
import { bedrockModelDefaults } from '@chartside/lambdas/adapters/aws/bedrock-model-defaults';
import { BACKUP_RETENTION_DAYS, DEFAULT_SPEECH_VOICE, SpeechVoiceId } from '@chartside/shared';
import { z } from 'zod';

const Settings = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('.data'),
  /** dist: the built, installable bundle (web/dist, rebuilt at start when its sources changed); dev: Vite with hot reload. */
  WEB_MODE: z.enum(['dev', 'dist']).default('dist'),
  /**
   * With WEB_MODE=dist: the built bundle to serve, relative to the repository (or absolute). Read from disk on every
   * request, so replacing the folder's contents while the runtime runs serves the new build (the update test does).
   */
  WEB_DIST_DIR: z.string().min(1).default('web/dist'),
  /** required: every user must set up an authenticator app (TOTP) at sign-in. */
  MFA: z.enum(['optional', 'required']).default('optional'),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
  /** The demo clinician created on first start. */
  DEMO_EMAIL: z.email().default('demo@chartside.local'),
  /** Where DOIs are resolved and article pages' open-access copies are found (the tests point these at a fixture server). */
  ARTICLE_CROSSREF_URL: z.url().default('https://api.crossref.org'),
  ARTICLE_UNPAYWALL_URL: z.url().default('https://api.unpaywall.org'),
  /** Sent to Crossref and Unpaywall, which ask callers for a contact address. */
  ARTICLE_CONTACT_EMAIL: z.email().default('chartside@example.org'),
  /** true lets Auto-fill and the PDF fetch reach private and loopback addresses (tests); false refuses them, as the cloud does. */
  ARTICLE_ALLOW_PRIVATE_HOSTS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** How long one outside call may take, in milliseconds. */
  ARTICLE_TIMEOUT_MS: z.coerce.number().int().positive().default(8_000),
  /** How long fetching an article's PDF (up to 50 MB, every open-access address tried) may take, in milliseconds. */
  ARTICLE_PDF_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** How long fetching one feed source may take, in milliseconds. */
  FEED_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Given to the browsers' push services with every web push (VAPID's contact), so they can reach whoever runs this. */
  PUSH_CONTACT_EMAIL: z.email().default('chartside@example.org'),
  /** How long one push service may take to accept a push, in milliseconds. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** When the nightly backup runs each day, as HH:MM in UTC (a timer in the runtime; EventBridge in the cloud). */
  BACKUP_TIME_UTC: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'BACKUP_TIME_UTC is HH:MM, e.g. 02:00').default('02:00'),
  /** Nightly backups this many days old are removed. */
  BACKUP_RETENTION_DAYS: z.coerce.number().int().positive().default(BACKUP_RETENTION_DAYS),
  /** An Ollama server for AI (chat, transformer, extraction), e.g. http://127.0.0.1:11434; unset: no local models. */
  OLLAMA_URL: z.url().optional(),
  OLLAMA_MODEL_FAST: z.string().min(1).default('llama3.2'),
  OLLAMA_MODEL_SLOW: z.string().min(1).default('llama3.1:8b'),
  OLLAMA_MODEL_VISION: z.string().min(1).default('llama3.2-vision'),
  /** Amazon Bedrock instead of Ollama (AWS credentials from the usual chain); the SDK also honours AWS_ENDPOINT_URL_BEDROCK_RUNTIME. */
  BEDROCK_REGION: z.string().min(1).optional(),
  BEDROCK_MODEL_FAST: z.string().min(1).default(bedrockModelDefaults.fast),
  BEDROCK_MODEL_SLOW: z.string().min(1).default(bedrockModelDefaults.slow),
  BEDROCK_MODEL_VISION: z.string().min(1).default(bedrockModelDefaults.vision),
  BEDROCK_MODEL_EXTRACTION: z.string().min(1).default(bedrockModelDefaults.extraction),
  /** How long a model may go without answering (or between two pieces of a streamed answer), in milliseconds. */
  MODEL_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Model tokens one user may use per day (UTC); past it AI calls answer 429. */
  AI_DAILY_TOKENS: z.coerce.number().int().positive().default(500_000),
  /**
   * Dictation's engine. auto: the Whisper server at WHISPER_URL when set, else Debian's pocketsphinx when installed;
   * pocketsphinx or whisper: only that one; off: no dictation (the microphone says it is not set up).
   */
  DICTATION_ENGINE: z.enum(['auto', 'pocketsphinx', 'whisper', 'off']).default('auto'),
  /** A server with OpenAI's transcription API (POST {WHISPER_URL}/v1/audio/transcriptions), e.g. http://127.0.0.1:8000. */
  WHISPER_URL: z.url().optional(),
  /** The `model` sent to it (faster-whisper servers name theirs, e.g. Systran/faster-whisper-small.en). */
  WHISPER_MODEL: z.string().min(1).default('whisper-1'),
  /** How long it may take to transcribe one phrase, in milliseconds. */
  WHISPER_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** A Python with the pocketsphinx module: Debian's own (python3-pocketsphinx), not a pyenv or venv one. */
  POCKETSPHINX_PYTHON: z.string().min(1).default('/usr/bin/python3'),
  /** The en-us acoustic model, language model and dictionary (Debian's pocketsphinx-en-us). */
  POCKETSPHINX_MODEL_DIR: z.string().min(1).default('/usr/share/pocketsphinx/model/en-us'),
  /**
   * An Amazon Polly endpoint (the AWS SDK reads this name itself): when set, /tools/texttospeech is read by Polly there
   * (AWS credentials from the usual chain; a double in tests); unset: the browser reads aloud.
   */
  AWS_ENDPOINT_URL_POLLY: z.url().optional(),
  /** The region Polly's requests are signed for. */
  POLLY_REGION: z.string().min(1).default('us-east-1'),
  /** DynamoDB Local's port (default: a free one). Fault-injection tests fix it, to put a proxy of their own in front of it. */
  DYNAMODB_LOCAL_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * full: DynamoDB Local's JVM with every compiler tier, what a running app wants (bench:panel:api, 500 patients: the
   * list 110 ms against 163 ms with quick). quick: the first tier only and the serial collector, half the JVM's CPU for
   * the test suite's many short runtimes (npm test sets it).
   */
  DYNAMODB_LOCAL_JIT: z.enum(['full', 'quick']).default('full'),
  /**
   * Where the API reaches the table, when not DynamoDB Local itself: a proxy in front of DYNAMODB_LOCAL_PORT (the fault
   * tests' throttling and slow answers). Creating the table and following its stream stay with DynamoDB Local.
   */
  DYNAMODB_API_ENDPOINT: z.url().optional(),
  /** How long one DynamoDB request may take before the SDK gives it up (and tries again), in milliseconds. */
  DYNAMODB_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  /** The Polly voice used when the user picks none. */
  SPEECH_VOICE: SpeechVoiceId.default(DEFAULT_SPEECH_VOICE),
}).refine((s) => s.DICTATION_ENGINE !== 'whisper' || s.WHISPER_URL, { path: ['WHISPER_URL'], message: 'DICTATION_ENGINE=whisper needs WHISPER_URL' });

export type LocalSettings = z.infer<typeof Settings> & { dataDir: string; webDistDir: string; repoRoot: string };

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export const readSettings = (env: NodeJS.ProcessEnv = process.env): LocalSettings => {
  const parsed = Settings.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid settings: ${problems}`);
  }
  return {
    ...parsed.data,
    dataDir: path.resolve(repoRoot, parsed.data.DATA_DIR),
    webDistDir: path.resolve(repoRoot, parsed.data.WEB_DIST_DIR),
    repoRoot,
  };
};

/** Fixed for the emulators: they accept any credentials, and s3rver insists on these. */
export const localAws = {
  region: 'us-east-1',
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  tableName: 'chartside',
  auditTableName: 'chartside-audit',
  filesBucket: 'chartside-files',
  backupsBucket: 'chartside-backups',
} as const;
