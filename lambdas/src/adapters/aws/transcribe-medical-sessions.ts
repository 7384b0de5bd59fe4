// Dictation in the cloud: the browser streams its audio straight to Amazon Transcribe Medical over a WebSocket whose URL
// this function signs (SigV4 query signing) with its own role. Why a presigned URL and not a relay of ours: Lambda behind
// API Gateway cannot hold a streaming audio connection, and the WebSocket API would turn every 64 ms audio frame into a
// Lambda invocation. So the API only signs: the URL names the language, audio format, specialty and type, and is valid
// for 5 minutes (Transcribe's longest); a stream opened in time may then run on. The role may do exactly
// transcribe:StartMedicalStreamTranscriptionWebSocket (infra/lib/constructs/dictation.ts), and the URL carries
// only that. Transcribe Medical punctuates on its own: there is no switch for it.
import { DICTATION_SAMPLE_RATE, type TranscriptionConfig } from '@chartside/shared';
import { Hash } from '@smithy/core/serde';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@smithy/types';
import type { Clock } from '../../ports/clock';
import type { TranscriptionSessions } from '../../ports/transcription-sessions';

/** How long the browser has to connect: the longest Transcribe streaming accepts for a presigned URL. */
export const TRANSCRIBE_URL_SECONDS = 300;

export const TRANSCRIBE_MEDICAL_PATH = '/medical-stream-transcription-websocket';

export interface TranscribeMedicalSessionsOptions {
  /** The region of the function, where its audio is transcribed. */
  region: string;
  specialty: TranscriptionConfig['medicalSpecialty'];
  type: TranscriptionConfig['transcriptionType'];
  /** The function's role (the default chain), or fixed keys in tests. */
  credentials: AwsCredentialIdentity | AwsCredentialIdentityProvider;
  clock: Clock;
  /** Another Transcribe streaming endpoint (http(s) or ws(s) URL), e.g. a test double; default the region's own. */
  endpoint?: string;
}

/** The regional endpoint, or the override with its scheme made a WebSocket one (as the SDK does for its endpoint). */
const socketOrigin = (region: string, endpoint: string | undefined): URL => {
  const url = new URL(endpoint ?? `wss://transcribestreaming.${region}.amazonaws.com:8443`);
  url.protocol = url.protocol === 'http:' || url.protocol === 'ws:' ? 'ws:' : 'wss:';
  return url;
};

/** RFC 3986, as SigV4 canonicalises query strings: encodeURIComponent leaves !'()* alone. */
const escapeUri = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const transcribeMedicalSessions = (options: TranscribeMedicalSessionsOptions): TranscriptionSessions => {
  const origin = socketOrigin(options.region, options.endpoint);
  const signer = new SignatureV4({
    service: 'transcribe',
    region: options.region,
    credentials: options.credentials,
    sha256: Hash.bind(null, 'sha256'),
  });
  return {
    async open() {
      const now = options.clock.now();
      const signed = await signer.presign(
        {
          method: 'GET',
          protocol: origin.protocol,
          hostname: origin.hostname,
          port: origin.port ? Number(origin.port) : undefined,
          path: TRANSCRIBE_MEDICAL_PATH,
          // The host with its port (:8443) is what the service checks the signature against.
          headers: { host: origin.host },
          query: {
            'language-code': 'en-US',
            'media-encoding': 'pcm',
            'sample-rate': String(DICTATION_SAMPLE_RATE),
            specialty: options.specialty,
            type: options.type,
          },
        },
        { expiresIn: TRANSCRIBE_URL_SECONDS, signingDate: now },
      );
      const query = Object.entries(signed.query ?? {})
        .map(([key, value]) => `${escapeUri(key)}=${escapeUri(String(value))}`)
        .join('&');
      return {
        kind: 'transcribe-medical',
        url: `${origin.protocol}//${origin.host}${TRANSCRIBE_MEDICAL_PATH}?${query}`,
        expiresAt: new Date(now.getTime() + TRANSCRIBE_URL_SECONDS * 1000).toISOString(),
      };
    },
  };
};
