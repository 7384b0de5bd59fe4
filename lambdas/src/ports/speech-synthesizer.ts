// Text read aloud on the server (/tools/texttospeech): Amazon Polly in the cloud, and locally only when the runtime is
// pointed at one (AWS_ENDPOINT_URL_POLLY). Without one the routes answer 503 and the page uses the browser's synthesis.
import type { SpeechVoiceId } from '@chartside/shared';

export interface SpeechSynthesizer {
  /** The voice used when a request names none. */
  readonly defaultVoice: SpeechVoiceId;
  /**
   * The whole text read aloud as one MP3. Throws an AppError: bad_request when the engine refuses the text,
   * rate_limited, or unavailable / bad_gateway when it cannot be reached or answers something unreadable.
   */
  synthesize(text: string, voice?: SpeechVoiceId): Promise<Uint8Array>;
}
