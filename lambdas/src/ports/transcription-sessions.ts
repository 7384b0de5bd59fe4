// Where a user's browser sends dictation audio (POST /api/transcription/session). The local runtime answers its own
// /transcribeV2 socket; the cloud answers a short-lived presigned URL of Amazon Transcribe Medical streaming.
// With no engine set up, `open` throws an AppError 'unavailable' whose message says what to set.
import type { TranscriptionSession } from '@chartside/shared';

export interface TranscriptionSessions {
  open(userId: string): Promise<TranscriptionSession>;
}
