// Dictation and audio transcription (spec section 7, 'Transcription socket at /transcribeV2'; section 9 audio).
// The browser asks POST /api/transcription/session how to reach the engine of this deployment:
// - 'socket' (the local runtime): a WebSocket speaking the messages below, backed by pocketsphinx or a Whisper server;
// - 'transcribe-medical' (the cloud): a short-lived presigned URL of Amazon Transcribe Medical streaming, spoken to
//   directly in AWS's event-stream format; the browser turns its results into the same messages.
import * as z from 'zod';

/** Audio sent to any engine: 16-bit signed little-endian PCM, mono (spec section 9). */
export const DICTATION_SAMPLE_RATE = 16_000;
/** Samples per audio message (spec: 1024 buffer). */
export const DICTATION_FRAME_SAMPLES = 1024;

export const TranscriptionType = z.enum(['DICTATION', 'CONVERSATION']);
export type TranscriptionType = z.infer<typeof TranscriptionType>;

export const TranscriptionConfig = z.strictObject({
  /** The engine's model, when the deployment offers a choice; otherwise its default. */
  model: z.string().max(100).optional(),
  languageCode: z.literal('en-US'),
  medicalSpecialty: z.enum(['PRIMARYCARE', 'CARDIOLOGY', 'NEUROLOGY', 'ONCOLOGY', 'RADIOLOGY', 'UROLOGY']),
  transcriptionType: TranscriptionType,
  enableWordConfidence: z.boolean(),
  enableAutomaticPunctuation: z.boolean(),
});
export type TranscriptionConfig = z.infer<typeof TranscriptionConfig>;

export const defaultTranscriptionConfig: TranscriptionConfig = {
  languageCode: 'en-US',
  medicalSpecialty: 'PRIMARYCARE',
  transcriptionType: 'DICTATION',
  enableWordConfidence: false,
  enableAutomaticPunctuation: true,
};

/** The first message on the socket (text); binary audio frames follow. */
export const TranscriptionConfigMessage = z.strictObject({
  type: z.literal('config'),
  /** The Cognito access token. */
  token: z.string().min(1),
  uid: z.string().min(1),
  config: TranscriptionConfig,
});
export type TranscriptionConfigMessage = z.infer<typeof TranscriptionConfigMessage>;

/**
 * Sent after the last audio frame: the engine settles what it heard (final text for the last words), then closes the
 * socket normally (code 1000). A client that stops listening sends it so nothing said is lost.
 */
export const TranscriptionEndMessage = z.strictObject({ type: z.literal('end') });
export type TranscriptionEndMessage = z.infer<typeof TranscriptionEndMessage>;

export const VoiceCommandAction = z.enum(['clear_all', 'undo', 'start_list', 'end_list']);
export type VoiceCommandAction = z.infer<typeof VoiceCommandAction>;

/** Messages the engine's side sends (text frames, JSON). */
export const TranscriptionServerMessage = z.discriminatedUnion('type', [
  /** The engine is ready for audio. */
  z.strictObject({ type: z.literal('status'), status: z.literal('connected') }),
  /**
   * Text heard. A partial one is replaced by the next; a final one is settled. Voice commands are taken out of a final
   * text and sent as `commands`, in the order spoken; `listMode` is whether final text now goes in as list items.
   */
  z.strictObject({
    type: z.literal('transcript'),
    text: z.string(),
    isFinal: z.boolean(),
    commands: z.array(z.strictObject({ action: VoiceCommandAction })).optional(),
    listMode: z.boolean().optional(),
  }),
  /** Listening stops; the text is shown to the user as it is. */
  z.strictObject({ type: z.literal('error'), error: z.string() }),
]);
export type TranscriptionServerMessage = z.infer<typeof TranscriptionServerMessage>;

/** POST /api/transcription/session: where this deployment's engine is. */
export const TranscriptionSession = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('socket'), url: z.string().min(1), engine: z.string() }),
  z.strictObject({ kind: z.literal('transcribe-medical'), url: z.string().min(1), expiresAt: z.string() }),
]);
export type TranscriptionSession = z.infer<typeof TranscriptionSession>;

export const transcriptionContract = {
  session: {
    method: 'post',
    path: '/transcription/session',
    summary:
      "Where this deployment's dictation engine is: the local runtime's socket, or a presigned Amazon Transcribe Medical streaming URL valid for a few minutes. 503 with what to set up when there is no engine",
    response: TranscriptionSession,
  },
} as const;
