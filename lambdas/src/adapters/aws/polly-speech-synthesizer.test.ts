import { PollyClient } from '@aws-sdk/client-polly';
import { AppError } from '@chartside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPollyDouble, type PollyDouble } from '../../test/polly-double';
import { POLLY_MAX_CHARS, pollySpeechSynthesizer } from './polly-speech-synthesizer';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
let double: PollyDouble;
let synthesizer: ReturnType<typeof pollySpeechSynthesizer>;

beforeAll(async () => {
  double = await startPollyDouble();
  synthesizer = pollySpeechSynthesizer({ client: new PollyClient({ endpoint: double.url, region: 'us-east-1', credentials, maxAttempts: 1 }), defaultVoice: 'Joanna' });
});
afterAll(() => double.close());

const callsDuring = async <T>(run: () => Promise<T>) => {
  const before = double.requests.length;
  const result = await run();
  return { result, calls: double.requests.slice(before) };
};

describe('pollySpeechSynthesizer', () => {
  it('reads a short text in one signed neural MP3 call with the default voice', async () => {
    const { result, calls } = await callsDuring(() => synthesizer.synthesize('Take one tablet twice daily.'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ signed: true, body: { Text: 'Take one tablet twice daily.', TextType: 'text', OutputFormat: 'mp3', VoiceId: 'Joanna', Engine: 'neural' } });
    expect(Buffer.from(result).equals(calls[0]!.audio!)).toBe(true);
  });

  it('reads with the voice asked for', async () => {
    const { calls } = await callsDuring(() => synthesizer.synthesize('Hello.', 'Brian'));
    expect(calls[0]?.body.VoiceId).toBe('Brian');
  });

  it('cuts a long text at sentence boundaries under Polly\'s limit and joins the audio in order', async () => {
    const sentence = `${'The patient remains stable on the ward '.repeat(5).trim()}.`;
    const text = Array.from({ length: 40 }, () => sentence).join(' ');
    const { result, calls } = await callsDuring(() => synthesizer.synthesize(text));
    expect(calls.length).toBeGreaterThan(1);
    const texts = calls.map((call) => call.body.Text as string);
    expect(texts.every((piece) => piece.length <= POLLY_MAX_CHARS && piece.endsWith('.'))).toBe(true);
    expect(texts.join(' ')).toBe(text);
    expect(Buffer.from(result).equals(Buffer.concat(calls.map((call) => call.audio!)))).toBe(true);
  });

  it('answers Polly refusing the text as a 400 with its reason', async () => {
    double.fail('ValidationException', 'Text contains unsupported characters');
    const error = await synthesizer.synthesize('Hello.').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'bad_request', message: 'Amazon Polly could not read this text: Text contains unsupported characters' });
  });

  it('answers throttling as rate_limited and a service failure as bad_gateway', async () => {
    double.fail('ThrottlingException', 'Rate exceeded');
    await expect(synthesizer.synthesize('Hello.')).rejects.toMatchObject({ code: 'rate_limited' });
    double.fail('ServiceFailureException', 'Internal failure', 500);
    await expect(synthesizer.synthesize('Hello.')).rejects.toMatchObject({ code: 'bad_gateway' });
  });

  it('answers an unreachable Polly as unavailable', async () => {
    const closed = await startPollyDouble();
    await closed.close();
    const offline = pollySpeechSynthesizer({ client: new PollyClient({ endpoint: closed.url, region: 'us-east-1', credentials, maxAttempts: 1 }), defaultVoice: 'Joanna' });
    await expect(offline.synthesize('Hello.')).rejects.toMatchObject({ code: 'unavailable' });
  });
});
