// The cloud's VAPID key pair: one Secrets Manager secret (KMS-encrypted with the data key), filled once at deploy by the
// vapid-keys-setup custom resource with a pair web-push makes, and read at cold start by the function that pushes and by
// the API's feed function (for the public key). Never replaced once made: every browser's subscription is bound to the public key it subscribed with.
import { GetSecretValueCommand, PutSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { VapidKeys } from '../push/vapid-keys';

/** The pair in the secret; undefined while it still holds the placeholder CloudFormation created it with. */
export const readVapidSecret = async (client: SecretsManagerClient, secretId: string): Promise<VapidKeys | undefined> => {
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  try {
    const parsed = VapidKeys.safeParse(JSON.parse(SecretString ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Makes the pair with `makeKeys` (web-push's) when the secret has none yet; a deploy after the first keeps it. Given the
 * maker, so the functions that only read the pair do not bundle web-push.
 */
export const ensureVapidSecret = async (client: SecretsManagerClient, secretId: string, makeKeys: () => VapidKeys): Promise<'kept' | 'created'> => {
  if (await readVapidSecret(client, secretId)) return 'kept';
  await client.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: JSON.stringify(makeKeys()) }));
  return 'created';
};
