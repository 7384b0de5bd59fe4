// Reaching this deployment's dictation engine: the server says where it is (POST /api/transcription/session), and the
// matching transport connects with the user's identity. Used by dictation into a text and by the transcription tool.
import { defaultTranscriptionConfig, transcriptionContract } from '@chartside/shared';
import type { ApiClient } from '../../platform/api/api-client';
import { getAccessIdentity } from '../../platform/auth/session';
import { openSocketTransport } from './socket-transport';
import type { TranscriptionTransport, TranscriptionTransportEvents } from './transport';

const SIGNED_OUT = 'Sign in again to dictate.';

/** Connects a transport to the engine, or rejects with a message to show. */
export type ConnectToEngine = (events: TranscriptionTransportEvents) => Promise<TranscriptionTransport>;

/** Rejects with the server's ApiError (its 503 says what to set up), or an Error when nobody is signed in. */
export async function connectToEngine(api: ApiClient, events: TranscriptionTransportEvents): Promise<TranscriptionTransport> {
  const [session, identity] = await Promise.all([api.call(transcriptionContract.session), getAccessIdentity()]);
  if (!identity) throw new Error(SIGNED_OUT);
  const options = { ...events, config: defaultTranscriptionConfig, token: identity.token, uid: identity.userId, url: session.url };
  if (session.kind === 'socket') return openSocketTransport(options);
  // The event-stream codec is needed only in the cloud: loaded then.
  const { openTranscribeMedicalTransport } = await import('./transcribe-medical');
  return openTranscribeMedicalTransport(options);
}
