import { ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { testStack } from '../testing';
import { EnvelopeKey } from './envelope-key';

describe('EnvelopeKey', () => {
  let template: Template;
  beforeAll(() => {
    const stack = testStack();
    const envelope = new EnvelopeKey(stack, 'Envelope');
    envelope.grantEncryptDecrypt(new ManagedPolicy(stack, 'Sealer'));
    envelope.grantDecrypt(new ManagedPolicy(stack, 'Opener'));
    template = Template.fromStack(stack);
  });

  it('is a customer-managed key with yearly rotation, retained on delete', () => {
    template.resourceCountIs('AWS::KMS::Key', 1);
    template.hasResource('AWS::KMS::Key', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain', Properties: { EnableKeyRotation: true } });
  });

  const statementFor = (actions: string | string[]) => ({
    Effect: 'Allow',
    Action: actions,
    Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^EnvelopeKey'), 'Arn'] },
    Condition: {
      'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['userId', 'itemId'] },
      Null: { 'kms:EncryptionContext:userId': 'false', 'kms:EncryptionContext:itemId': 'false' },
    },
  });

  it('lets a sealer generate data keys and decrypt, only with the user and item as encryption context', () => {
    const policies = template.findResources('AWS::IAM::ManagedPolicy', { Properties: { PolicyDocument: { Statement: [statementFor(['kms:Decrypt', 'kms:GenerateDataKey'])] } } });
    expect(Object.keys(policies)).toEqual([expect.stringMatching(/^Sealer/)]);
  });

  it('lets an opener decrypt only, never generate data keys', () => {
    const policies = template.findResources('AWS::IAM::ManagedPolicy', { Properties: { PolicyDocument: { Statement: [statementFor('kms:Decrypt')] } } });
    expect(Object.keys(policies)).toEqual([expect.stringMatching(/^Opener/)]);
  });
});
