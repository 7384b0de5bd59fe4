// Amazon Polly as the server's reader: neural voices, MP3. Polly takes at most 3000 characters a call, so the text is
// cut at sentence boundaries and each piece synthesized in turn; MP3 is a sequence of self-contained frames, so the
// pieces' audio concatenated is one playable file.
import { PollyClient, PollyServiceException, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import { AppError, textPieces, type SpeechVoiceId } from '@chartside/shared';
import type { SpeechSynthesizer } from '../../ports/speech-synthesizer';

/** Polly's limit per SynthesizeSpeech call, in characters of plain text. */
export const POLLY_MAX_CHARS = 3000;

/** Polly's errors as AppErrors, by name; anything else (a bug, no credentials) as it is. */
const toAppError = (error: unknown): unknown => {
  if (!(error instanceof PollyServiceException)) {
    const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
    if (error instanceof Error && (error.name === 'TimeoutError' || (typeof code === 'string' && /^(E[A-Z]+|ERR_HTTP2_\w+)$/.test(code))))
      return new AppError('unavailable', 'Amazon Polly could not be reached. Try again.');
    return error;
  }
  switch (error.name) {
    case 'ValidationException':
    case 'TextLengthExceededException':
    case 'InvalidSsmlException':
    case 'LanguageNotSupportedException':
      return new AppError('bad_request', `Amazon Polly could not read this text: ${error.message}`);
    case 'ThrottlingException':
      return new AppError('rate_limited', 'Amazon Polly is busy. Try again in a moment.');
    default:
      return new AppError('bad_gateway', `Amazon Polly failed to read the text (${error.name}). Try again.`);
  }
};

export const pollySpeechSynthesizer = ({ client, defaultVoice }: { client: PollyClient; defaultVoice: SpeechVoiceId }): SpeechSynthesizer => ({
  defaultVoice,
  async synthesize(text, voice = defaultVoice) {
    const audio: Uint8Array[] = [];
    // One piece after another: the pieces' order is the audio's, and one user's reading takes one call at a time.
    for (const piece of textPieces(text, POLLY_MAX_CHARS)) {
      try {
        const answer = await client.send(new SynthesizeSpeechCommand({ Text: piece, TextType: 'text', OutputFormat: 'mp3', VoiceId: voice, Engine: 'neural' }));
        if (!answer.AudioStream) throw new AppError('bad_gateway', 'Amazon Polly answered without audio.');
        audio.push(await answer.AudioStream.transformToByteArray());
      } catch (error) {
        throw toAppError(error);
      }
    }
    return Buffer.concat(audio);
  },
});
