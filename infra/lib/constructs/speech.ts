// Text to Speech on Amazon Polly: no resources of its own. The HTTP API's function calls SynthesizeSpeech
// (POST /api/speech) and answers the MP3, so its role gets that one action, the function the default voice.
import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, type ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import type { SpeechVoiceId } from '@chartside/shared';
import { acknowledge, wildcardResourceFinding } from '../nag';

/** The environment the HTTP API's function reads (lambdas/src/handlers/cloud-config.ts). */
export const speechEnvironment = (voice: SpeechVoiceId): Record<string, string> => ({ SPEECH_VOICE: voice });

/** Only SynthesizeSpeech (no lexicons, no stored tasks in S3), in the stack's region, so text is read where the data is kept. */
export const grantSpeech = (policy: ManagedPolicy): void => {
  policy.addStatements(
    new PolicyStatement({
      actions: ['polly:SynthesizeSpeech'],
      resources: ['*'],
      conditions: { StringEquals: { 'aws:RequestedRegion': Stack.of(policy).region } },
    }),
  );
  acknowledge(policy, {
    [wildcardResourceFinding(policy, '*')]:
      'Polly SynthesizeSpeech and Transcribe streaming take no resource but lexicons (none used) in IAM, so "*" is the only resource they take; the statements allow only polly:SynthesizeSpeech and StartMedicalStreamTranscriptionWebSocket, in the stack\'s region.',
  });
};
