import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSecretsManagerDouble, type SecretsManagerDouble } from '../../test/secrets-manager-double';
import webPush from 'web-push';
import { ensureVapidSecret, readVapidSecret } from './vapid-secret';

const makeKeys = () => webPush.generateVAPIDKeys();

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:PushSecret-abc';
let double: SecretsManagerDouble;
let client: SecretsManagerClient;

beforeEach(async () => {
  // CloudFormation creates the secret with a generated placeholder password, as CDK's Secret does.
  double = await startSecretsManagerDouble({ [ARN]: 'xZ9$placeholder-password' });
  client = new SecretsManagerClient({ endpoint: double.url, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 });
});
afterEach(() => double.close());

describe('the VAPID secret', () => {
  it('holds no pair until the deploy-time setup makes one, which every later deploy keeps', async () => {
    expect(await readVapidSecret(client, ARN)).toBeUndefined();
    expect(await ensureVapidSecret(client, ARN, makeKeys)).toBe('created');
    const pair = await readVapidSecret(client, ARN);
    expect(Buffer.from(pair!.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(pair!.privateKey, 'base64url')).toHaveLength(32);
    expect(await ensureVapidSecret(client, ARN, makeKeys)).toBe('kept');
    expect(await readVapidSecret(client, ARN)).toEqual(pair);
    expect(double.calls).toEqual(['GetSecretValue', 'GetSecretValue', 'PutSecretValue', 'GetSecretValue', 'GetSecretValue', 'GetSecretValue']);
  });

  it('fails the setup when the secret is missing (the deploy reports it)', async () => {
    await expect(ensureVapidSecret(client, `${ARN}-gone`, makeKeys)).rejects.toThrow(/can't find the specified secret/);
  });
});
