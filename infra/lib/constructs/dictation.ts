// Dictation on Amazon Transcribe Medical streaming. No resources of its own: the HTTP API's function signs a
// 5-minute WebSocket URL of the regional endpoint (POST /api/transcription/session), and the browser streams audio
// straight to it. A relay of ours would not work: Lambda behind API Gateway cannot hold a streaming connection, and
// the WebSocket API would turn every audio frame into an invocation. So the function's role gets the one action a
// presigned medical stream needs, the function its settings, and the page's CSP the endpoint.
import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, type ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import type { TranscriptionConfig } from '@chartside/shared';
import { acknowledge, wildcardResourceFinding } from '../nag';

export interface DictationSettings {
  readonly specialty: TranscriptionConfig['medicalSpecialty'];
  readonly type: TranscriptionConfig['transcriptionType'];
}

/** The environment the HTTP API's function reads (lambdas/src/handlers/cloud-config.ts). */
export const dictationEnvironment = (settings: DictationSettings): Record<string, string> => ({
  DICTATION: 'transcribe-medical',
  TRANSCRIBE_MEDICAL_SPECIALTY: settings.specialty,
  TRANSCRIBE_MEDICAL_TYPE: settings.type,
});

/** Where the browser connects (the CSP's connect-src): the region's Transcribe streaming WebSocket endpoint. */
export const transcribeStreamingOrigin = (region: string): string => `wss://transcribestreaming.${region}.amazonaws.com:8443`;

/**
 * Exactly the presigned medical WebSocket stream (no HTTP/2 stream, no batch jobs), in the stack's region only, so audio
 * is transcribed where the data is kept.
 */
export const grantDictation = (policy: ManagedPolicy): void => {
  policy.addStatements(
    new PolicyStatement({
      actions: ['transcribe:StartMedicalStreamTranscriptionWebSocket'],
      resources: ['*'],
      conditions: { StringEquals: { 'aws:RequestedRegion': Stack.of(policy).region } },
    }),
  );
  acknowledge(policy, {
    [wildcardResourceFinding(policy, '*')]:
      'Transcribe streaming actions have no resource type in IAM, so "*" is the only resource they take; the statement allows only StartMedicalStreamTranscriptionWebSocket (and Text to Speech\'s polly:SynthesizeSpeech, which CDK merges into it), in the stack\'s region.',
  });
};
