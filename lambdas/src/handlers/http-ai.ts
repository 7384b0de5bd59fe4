// The HTTP API's AI function: chat, the text transformer, extraction, dictation and text read aloud.
import { LambdaClient } from '@aws-sdk/client-lambda';
import { PollyClient } from '@aws-sdk/client-polly';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { handle } from 'hono/aws-lambda';
import { lambdaReplyRunner } from '../adapters/aws/lambda-reply-runner';
import { pollySpeechSynthesizer } from '../adapters/aws/polly-speech-synthesizer';
import { transcribeMedicalSessions } from '../adapters/aws/transcribe-medical-sessions';
import { unavailableTranscriptionSessions } from '../adapters/unavailable-transcription-sessions';
import { ChatRepository } from '../data/chat-repository';
import { ResourceRepository } from '../data/resource-repository';
import { createApp } from '../http/app';
import { aiRouters, type AiGroupDeps } from '../http/groups/ai';
import { systemClock } from '../ports/clock';
import type { ReplyRunner } from '../ports/reply-runner';
import type { TranscriptionSessions } from '../ports/transcription-sessions';
import { models } from './models-deps';
import { httpBaseDeps } from './http-base-deps';
import { config, table } from './base-deps';
import { broadcast } from './realtime-deps';
import { fileStore } from './file-store-deps';

// The browser streams audio to Transcribe Medical itself, with a URL signed here by this function's role.
const transcription: TranscriptionSessions =
  config.DICTATION === 'transcribe-medical'
    ? transcribeMedicalSessions({
        region: config.AWS_REGION,
        specialty: config.TRANSCRIBE_MEDICAL_SPECIALTY,
        type: config.TRANSCRIBE_MEDICAL_TYPE,
        credentials: defaultProvider(),
        clock: systemClock,
        endpoint: config.AWS_ENDPOINT_URL_TRANSCRIBE_STREAMING,
      })
    : unavailableTranscriptionSessions('Dictation is turned off in this deployment (CDK context dictation=false).');

// A chat reply streams from a function of its own, started here.
const replies: ReplyRunner = config.CHAT_REPLY_FUNCTION
  ? lambdaReplyRunner(new LambdaClient({}), config.CHAT_REPLY_FUNCTION)
  : { start: () => Promise.reject(new Error('CHAT_REPLY_FUNCTION is not set on this function')) };

const deps: AiGroupDeps = {
  ...httpBaseDeps,
  ai: { models, replies, dailyTokens: config.AI_DAILY_TOKENS },
  broadcast,
  chats: new ChatRepository(table),
  fileStore,
  // A chat only checks that a resource is the user's (its head): no data key needed.
  resources: new ResourceRepository(table),
  transcription,
  // Text read aloud goes only to Polly in this account and region.
  speech: pollySpeechSynthesizer({ client: new PollyClient({}), defaultVoice: config.SPEECH_VOICE }),
};

export const handler = handle(createApp(deps, (hook) => aiRouters(deps, hook)));
