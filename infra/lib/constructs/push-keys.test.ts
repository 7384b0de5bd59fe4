import { Match, Template } from 'aws-cdk-lib/assertions';
import { ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionDefaults, statementsOf, stubSources, testStack } from '../testing';
import { Data } from './data';
import { PushKeys } from './push-keys';

const secretRef = { Ref: Match.stringLikeRegexp('^PushSecret') };

describe('PushKeys', () => {
  let template: Template;
  beforeAll(() => {
    const stack = testStack();
    const data = new Data(stack, 'Data');
    const defaults = functionDefaults(stubSources({ webDist: false }), data);
    const keys = new PushKeys(stack, 'Push', { defaults, data, contactEmail: 'ops@example.org' });
    keys.grantRead(new ManagedPolicy(stack, 'ReaderPolicy'));
    template = Template.fromStack(stack);
  });

  it('keeps the pair in a secret encrypted with the data key, filled once at deploy by the setup function', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', { KmsKeyId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DataKey'), 'Arn'] } });
    template.hasResourceProperties('Custom::VapidKeyPair', { ServiceToken: Match.anyValue(), secret: secretRef });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('VAPID key pair setup'),
      Environment: { Variables: { LOG_LEVEL: Match.anyValue(), VAPID_SECRET_ARN: secretRef } },
    });
  });

  it('lets the setup read and write only that secret, and use the key only through Secrets Manager', () => {
    const statements = statementsOf(template, 'PushSetupPolicy');
    expect(statements).toContainEqual(expect.objectContaining({ Action: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'], Resource: { Ref: expect.stringMatching(/^PushSecret/) } }));
    expect(statements).toContainEqual(
      expect.objectContaining({ Action: ['kms:Decrypt', 'kms:GenerateDataKey'], Condition: { StringEquals: { 'kms:ViaService': 'secretsmanager.us-east-1.amazonaws.com' } } }),
    );
  });

  it('gives a function that pushes read access only', () => {
    const statements = statementsOf(template, 'ReaderPolicy');
    expect(statements.map((s) => s.Action)).toEqual(['secretsmanager:GetSecretValue', 'kms:Decrypt']);
    expect(statements[1]?.Condition).toEqual({ StringEquals: { 'kms:ViaService': 'secretsmanager.us-east-1.amazonaws.com' } });
  });
});
