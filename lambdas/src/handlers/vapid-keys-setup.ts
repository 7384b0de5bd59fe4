// The deploy-time custom resource (through the CDK provider framework): fills the VAPID secret with a key pair once.
// Deleting the stack deletes nothing here; the secret goes with its own resource.
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import webPush from 'web-push';
import { ensureVapidSecret } from '../adapters/aws/vapid-secret';
import { createLogger } from '../adapters/aws/logger';
import { vapidSetupConfig } from './cloud-config';

const config = vapidSetupConfig();
const logger = createLogger(config.LOG_LEVEL);
const client = new SecretsManagerClient({});

export const handler = async (event: CloudFormationCustomResourceEvent) => {
  if (event.RequestType !== 'Delete') logger.info('VAPID keys ready', { outcome: await ensureVapidSecret(client, config.VAPID_SECRET_ARN, () => webPush.generateVAPIDKeys()) });
  return { PhysicalResourceId: 'vapid-keys' };
};
