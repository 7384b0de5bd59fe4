// The presigned Transcribe Medical URL: its query parameters, and a signature recomputed here step by step from AWS's
// SigV4 description (canonical request, string to sign, derived key) with node:crypto, not the signer under test.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { transcribeMedicalSessions } from './transcribe-medical-sessions';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'token/with+chars=' };
const clock = { now: () => new Date('2025-03-14T09:26:53.589Z') };

const open = (extra: { endpoint?: string; type?: 'DICTATION' | 'CONVERSATION' } = {}) =>
  transcribeMedicalSessions({ region: 'eu-west-1', specialty: 'PRIMARYCARE', type: extra.type ?? 'DICTATION', credentials, clock, endpoint: extra.endpoint }).open('user-1');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** The signature AWS computes for a GET with these (already canonical) query and host, and no body. */
const expectedSignature = (canonicalQuery: string, host: string) => {
  const canonicalRequest = ['GET', '/medical-stream-transcription-websocket', canonicalQuery, `host:${host}`, '', 'host', sha256('')].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', '20250314T092653Z', '20250314/eu-west-1/transcribe/aws4_request', sha256(canonicalRequest)].join('\n');
  const key = ['20250314', 'eu-west-1', 'transcribe', 'aws4_request'].reduce<string | Buffer>((k, part) => hmac(k, part), `AWS4${credentials.secretAccessKey}`);
  return hmac(key, stringToSign).toString('hex');
};

describe('Transcribe Medical sessions', () => {
  it('signs a 5-minute URL of the region’s medical streaming endpoint for 16 kHz PCM, the specialty and the type', async () => {
    const session = await open();
    expect(session).toMatchObject({ kind: 'transcribe-medical', expiresAt: '2025-03-14T09:31:53.589Z' });
    const url = new URL(session.url);
    expect(url.origin + url.pathname).toBe('wss://transcribestreaming.eu-west-1.amazonaws.com:8443/medical-stream-transcription-websocket');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'language-code': 'en-US',
      'media-encoding': 'pcm',
      'sample-rate': '16000',
      specialty: 'PRIMARYCARE',
      type: 'DICTATION',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIDEXAMPLE/20250314/eu-west-1/transcribe/aws4_request',
      'X-Amz-Date': '20250314T092653Z',
      'X-Amz-Expires': '300',
      'X-Amz-Security-Token': 'token/with+chars=',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('carries the signature AWS computes for exactly these parameters (known answer)', async () => {
    const url = new URL((await open()).url);
    const canonicalQuery =
      'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIDEXAMPLE%2F20250314%2Feu-west-1%2Ftranscribe%2Faws4_request' +
      '&X-Amz-Date=20250314T092653Z&X-Amz-Expires=300&X-Amz-Security-Token=token%2Fwith%2Bchars%3D&X-Amz-SignedHeaders=host' +
      '&language-code=en-US&media-encoding=pcm&sample-rate=16000&specialty=PRIMARYCARE&type=DICTATION';
    expect(url.searchParams.get('X-Amz-Signature')).toBe(expectedSignature(canonicalQuery, 'transcribestreaming.eu-west-1.amazonaws.com:8443'));
  });

  it('signs the type asked for: a conversation signs differently from a dictation', async () => {
    const dictation = new URL((await open()).url);
    const conversation = new URL((await open({ type: 'CONVERSATION' })).url);
    expect(conversation.searchParams.get('type')).toBe('CONVERSATION');
    expect(conversation.searchParams.get('X-Amz-Signature')).not.toBe(dictation.searchParams.get('X-Amz-Signature'));
  });

  it('points at an endpoint override as a WebSocket URL, signed for that host', async () => {
    const url = new URL((await open({ endpoint: 'http://127.0.0.1:4567' })).url);
    expect(url.origin + url.pathname).toBe('ws://127.0.0.1:4567/medical-stream-transcription-websocket');
    const canonicalQuery = [...url.searchParams]
      .filter(([key]) => key !== 'X-Amz-Signature')
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
      .join('&');
    expect(url.searchParams.get('X-Amz-Signature')).toBe(expectedSignature(canonicalQuery, '127.0.0.1:4567'));
    expect(new URL((await open({ endpoint: 'https://transcribe.example.org' })).url).origin).toBe('wss://transcribe.example.org');
  });
});
