import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'hono';
import type { AuditTrailRepository } from '../data/audit-trail';
import type { Repositories } from '../data/repositories';
import type { AuditRecorder } from '../ports/audit-recorder';
import type { ArticleMetadata } from '../ports/article-metadata';
import type { FeedRefresher } from '../ports/feed-refresher';
import type { Clock } from '../ports/clock';
import type { EnvelopeCipher } from '../ports/envelope-cipher';
import type { BackupDeps } from '../jobs/backup';
import type { FileStore } from '../ports/file-store';
import type { GeoLocator } from '../ports/geo-locator';
import type { HealthCheck } from '../ports/health-check';
import type { PdfFetcher } from '../ports/pdf-fetcher';
import type { SearchIndex } from '../ports/search-index';
import type { SpeechSynthesizer } from '../ports/speech-synthesizer';
import type { ReplyRunner } from '../ports/reply-runner';
import type { TextModels } from '../ports/text-model';
import type { TokenVerifier } from '../ports/token-verifier';
import type { TranscriptionSessions } from '../ports/transcription-sessions';
import type { UserDirectory } from '../ports/user-directory';
import type { Broadcast } from '../ws/broadcast';

/**
 * The caller's IP address as this runtime sees it: the socket's peer locally, the viewer address CloudFront forwards in
 * the cloud. Each composition root picks one; '' when unknown.
 */
export type ClientIp = (c: Context<HttpEnv>) => string;

/** Everything the HTTP routers need; built once per runtime by its composition root. */
export interface HttpDeps extends Repositories {
  tokenVerifier: TokenVerifier;
  userDirectory: UserDirectory;
  broadcast: Broadcast;
  geo: GeoLocator;
  clientIp: ClientIp;
  clock: Clock;
  health: HealthCheck;
  logger: Logger;
  fileStore: FileStore;
  /** The nightly backups: the table, the backups store and the files bucket's manifest. */
  userBackups: BackupDeps;
  /** Envelope encryption of the user's data (encrypted resources, /tools/fileencrypt). */
  cipher: EnvelopeCipher;
  articleMetadata: ArticleMetadata;
  pdfFetcher: PdfFetcher;
  /** The manual feed update (which also pushes the new items). */
  feedRefresher: FeedRefresher;
  /** The VAPID public key browsers subscribe to feed pushes with; unset when the deployment has none (no push). */
  pushPublicKey: string | undefined;
  search: SearchIndex;
  ai: AiDeps;
  transcription: TranscriptionSessions;
  /** Text read aloud on the server (Amazon Polly); unset when this runtime has none (the browser reads instead). */
  speech: SpeechSynthesizer | undefined;
  /** The audit trail of patient data: its writer (append only) and the caller's own entries. */
  audit: AuditDeps;
}

export interface AuditDeps {
  recorder: AuditRecorder;
  trail: AuditTrailRepository;
}

/** The deployment's models, the reply runner, and each user's daily token allowance. */
export interface AiDeps {
  models: TextModels;
  replies: ReplyRunner;
  dailyTokens: number;
}

/** Values set per request by the middleware and read by the routes. */
export interface HttpEnv {
  Variables: {
    userId: string;
    accessToken: string;
    /** When the access token was issued (seconds), when it says. */
    tokenIssuedAt: number | undefined;
    /** The sign-in the access token comes from (its origin_jti); a login session accepts only tokens of its own sign-in. */
    signInId: string;
    /** The Cognito groups of the caller (from the verified token). */
    groups: string[];
    /** The live login session the request named (unset on the routes that start or check one). */
    sessionId: string;
    logger: Logger;
  };
}
