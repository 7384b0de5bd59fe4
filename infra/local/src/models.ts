// The local runtime's models: an Ollama server when OLLAMA_URL is set, else Amazon Bedrock when BEDROCK_REGION is set
// (or the SDK's AWS_ENDPOINT_URL_BEDROCK_RUNTIME points at a Converse-compatible endpoint), else none, and every AI
// feature says what to set.
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { createBedrockTextModel } from '@chartside/lambdas/adapters/aws/bedrock-text-model';
import { createOllamaTextModel } from '@chartside/lambdas/adapters/local/ollama-text-model';
import type { TextModels } from '@chartside/lambdas/ports/text-model';
import type { LocalSettings } from './settings';

export const MODELS_NOT_SET_UP = 'Set OLLAMA_URL to an Ollama server (for example http://127.0.0.1:11434), or BEDROCK_REGION for Amazon Bedrock, and restart Chartside.';

export const localModels = (settings: LocalSettings, env: NodeJS.ProcessEnv = process.env): TextModels => {
  if (settings.OLLAMA_URL) {
    const ollama = (model: string) => createOllamaTextModel({ baseUrl: settings.OLLAMA_URL!, model, timeoutMs: settings.MODEL_TIMEOUT_MS });
    const fast = ollama(settings.OLLAMA_MODEL_FAST);
    const hint = `Check that Ollama runs at ${settings.OLLAMA_URL} and has the models pulled.`;
    return { fast, slow: ollama(settings.OLLAMA_MODEL_SLOW), vision: ollama(settings.OLLAMA_MODEL_VISION), extraction: fast, local: fast, setUpHint: hint };
  }
  if (settings.BEDROCK_REGION || env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME) {
    const client = new BedrockRuntimeClient({ region: settings.BEDROCK_REGION ?? 'us-east-1' });
    const bedrock = (modelId: string) => createBedrockTextModel({ client, modelId });
    return {
      fast: bedrock(settings.BEDROCK_MODEL_FAST),
      slow: bedrock(settings.BEDROCK_MODEL_SLOW),
      vision: bedrock(settings.BEDROCK_MODEL_VISION),
      extraction: bedrock(settings.BEDROCK_MODEL_EXTRACTION),
      setUpHint: 'Enable the models in the Bedrock console of the account.',
    };
  }
  return { setUpHint: MODELS_NOT_SET_UP };
};
