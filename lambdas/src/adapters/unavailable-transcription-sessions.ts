// Dictation with no engine in this deployment: the session call answers 503 with what to set up.
import { AppError } from '@chartside/shared';
import type { TranscriptionSessions } from '../ports/transcription-sessions';

export const unavailableTranscriptionSessions = (setUpHint: string): TranscriptionSessions => ({
  open: () => Promise.reject(new AppError('unavailable', setUpHint)),
});
