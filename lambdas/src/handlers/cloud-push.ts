// Web push in the cloud, for the feed refresh function (scheduled, and a user's manual update from the API): the VAPID
// pair read from its secret at cold start. No secret configured, or not filled yet: no push (the app says so).
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { readVapidSecret } from '../adapters/aws/vapid-secret';
import { webPushSender } from '../adapters/push/web-push-sender';
import type { PushSender } from '../ports/push-sender';

export interface CloudPushConfig {
  VAPID_SECRET_ARN?: string | undefined;
  PUSH_CONTACT_EMAIL: string;
  PUSH_TIMEOUT_MS: number;
}

export const cloudPushSender = async (config: CloudPushConfig): Promise<PushSender | undefined> => {
  if (!config.VAPID_SECRET_ARN) return undefined;
  const keys = await readVapidSecret(new SecretsManagerClient({}), config.VAPID_SECRET_ARN);
  return keys && webPushSender({ keys, contactEmail: config.PUSH_CONTACT_EMAIL, timeoutMs: config.PUSH_TIMEOUT_MS });
};
