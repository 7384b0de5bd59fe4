// The cloud composition root's second layer: envelope encryption, the files bucket, the Bedrock models and live pushes.
// The chat reply function imports only this (and realtime-deps.ts); cloud-deps.ts builds on it.
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { KMSClient } from '@aws-sdk/client-kms';
import { S3Client } from '@aws-sdk/client-s3';
import { createBedrockTextModel } from '../adapters/aws/bedrock-text-model';
import { s3FileStore } from '../adapters/aws/s3-file-store';
import { encryptionSdkCipher, kmsKeyring } from '../adapters/envelope/encryption-sdk-cipher';
import { ChatRepository } from '../data/chat-repository';
import { ResourceRepository } from '../data/resource-repository';
import { chatReplyDepsOf } from '../jobs/chat-reply';
import { systemClock } from '../ports/clock';
import type { TextModels } from '../ports/text-model';
import { createBroadcast } from '../ws/broadcast';
import { config, logger, realtimeDeps, table } from './realtime-deps';

// Data keys come from the deployment's KMS key, with the user and item as encryption context.
export const cipher = encryptionSdkCipher(kmsKeyring(config.DATA_ENCRYPTION_KEY_ARN, new KMSClient({})));
export const broadcast = createBroadcast(realtimeDeps);
export const fileStore = s3FileStore(new S3Client({}), config.FILES_BUCKET);
const bedrock = new BedrockRuntimeClient({});
const bedrockModel = (modelId: string) => createBedrockTextModel({ client: bedrock, modelId });
// Patient text goes only to Bedrock in this account and region. The local-model extraction mode has no model here.
export const models: TextModels = {
  fast: bedrockModel(config.BEDROCK_MODEL_FAST),
  slow: bedrockModel(config.BEDROCK_MODEL_SLOW),
  vision: bedrockModel(config.BEDROCK_MODEL_VISION),
  extraction: bedrockModel(config.BEDROCK_MODEL_EXTRACTION),
  setUpHint: 'Enable the models in the Bedrock console of the account.',
};

// Only the two repositories a reply reads and writes: cloud-deps.ts builds every one for the HTTP API.
export const chatReplyDeps = chatReplyDepsOf({ chats: new ChatRepository(table), resources: new ResourceRepository(table, cipher) }, {
  fileStore,
  cipher,
  connections: realtimeDeps.connections,
  poster: realtimeDeps.poster,
  broadcast,
  models,
  dailyTokens: config.AI_DAILY_TOKENS,
  clock: systemClock,
  logger,
});
