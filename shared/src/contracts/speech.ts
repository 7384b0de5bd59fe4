// /tools/texttospeech read by the server: Amazon Polly in the cloud (the local runtime only when pointed at one).
// GET /speech/status tells the web whether this server reads aloud; POST /speech answers the audio itself (MP3 bytes,
// not JSON), which the page plays in an <audio> element. Without it the page uses the browser's own synthesis.
import * as z from 'zod';

/**
 * Longest text read in one request, in characters (Polly takes 3000 a call: the server reads it piece by piece). Its
 * audio (about 2 MB of MP3) stays well under what a cloud function may answer (6 MB) and within its time; the page
 * reads a longer text request by request.
 */
export const MAX_SPEECH_TEXT = 5_000;

/** Amazon Polly's neural English voices offered to the user; the first is the default. */
export const SPEECH_VOICES = [
  { id: 'Joanna', label: 'Joanna (US English, female)' },
  { id: 'Matthew', label: 'Matthew (US English, male)' },
  { id: 'Ruth', label: 'Ruth (US English, female)' },
  { id: 'Stephen', label: 'Stephen (US English, male)' },
  { id: 'Danielle', label: 'Danielle (US English, female)' },
  { id: 'Gregory', label: 'Gregory (US English, male)' },
  { id: 'Amy', label: 'Amy (British English, female)' },
  { id: 'Brian', label: 'Brian (British English, male)' },
] as const;

export const SpeechVoiceId = z.enum(SPEECH_VOICES.map((voice) => voice.id) as [(typeof SPEECH_VOICES)[number]['id'], ...(typeof SPEECH_VOICES)[number]['id'][]]);
export type SpeechVoiceId = z.infer<typeof SpeechVoiceId>;
export const DEFAULT_SPEECH_VOICE: SpeechVoiceId = 'Joanna';

export const SpeechBody = z.strictObject({
  text: z
    .string('The text to read is required.')
    .refine((text) => text.trim().length > 0, 'There is no text to read.')
    .refine((text) => text.length <= MAX_SPEECH_TEXT, `The text can be at most ${MAX_SPEECH_TEXT.toLocaleString('en-US')} characters.`),
  /** The deployment's default voice when not given. */
  voice: SpeechVoiceId.optional(),
});
export type SpeechBody = z.infer<typeof SpeechBody>;

export const SpeechStatus = z.object({
  /** This server reads text aloud (POST /speech answers audio); false: the browser's synthesis is the only reader. */
  server: z.boolean(),
  /** The voice used when a request names none. */
  defaultVoice: SpeechVoiceId,
});
export type SpeechStatus = z.infer<typeof SpeechStatus>;

export const speechContract = {
  status: { method: 'get', path: '/speech/status', summary: 'Whether this server reads text aloud (Amazon Polly), and its default voice', response: SpeechStatus },
} as const;

/** Reads a text aloud on the server: it answers MP3 bytes, not JSON (503 with what to set up when there is no engine). */
export const speechAudioRoute = {
  method: 'post',
  path: '/speech',
  summary: 'A text read aloud by Amazon Polly, as MP3 audio (503 with what to set up when this server has no speech engine)',
  body: SpeechBody,
} as const;
