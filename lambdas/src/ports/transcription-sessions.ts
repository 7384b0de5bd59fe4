// Where a user's browser sends dictation audio (POST /api/transcription/session). The local runtime answers its own
// /transcribeV2 socket; the cloud answers a short-lived presigned URL of Amazon Transcribe Medical streaming.
// With no engine set up, `open` throws an AppError 'unavailable' whose message says what to set.
import type { TranscriptionSession } from '@chartside/shared';

export interface TranscriptionSessions {
  /**
   * `requestUrl` is the URL the call came to, as the browser named this host: a runtime serving its own socket answers
   * an address on that host and port (the runtime's own origin when not given).
   */
  open(userId: string, requestUrl?: string): Promise<TranscriptionSession>;
}
