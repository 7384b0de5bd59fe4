// The cloud composition root's models layer: the deployment's Bedrock models, for the chat reply and the HTTP API's
// AI and search groups.
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { createBedrockTextModel } from '../adapters/aws/bedrock-text-model';
import type { TextModels } from '../ports/text-model';
import { config } from './base-deps';

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
