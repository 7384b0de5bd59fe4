// The language models the API talks to: chat (streamed), the text transformer (images in), and extraction. One
// interface for both runtimes: Bedrock's Converse and ConverseStream in the cloud, an Ollama server on one machine.
// Failures are AppErrors: `unavailable` when the model cannot be reached or did not answer in time, `rate_limited`
// when the provider throttles, `bad_gateway` when its answer cannot be read.

/** A piece of a message: text, an image sent inline, or a document (PDF, text file) sent as bytes. */
export type ModelContent =
  | { type: 'text'; text: string }
  | { type: 'image'; mimeType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif'; data: Uint8Array }
  | { type: 'document'; mimeType: string; name: string; data: Uint8Array };

export interface ModelMessage {
  role: 'user' | 'assistant';
  content: ModelContent[];
}

export interface ModelRequest {
  /** The instructions: what to do and the shape of the answer. */
  system: string;
  /** The conversation so far, oldest first, ending with the user's turn. */
  messages: ModelMessage[];
  /** The longest answer wanted, in tokens. */
  maxTokens?: number;
  /** Aborted when the caller gave up (the HTTP request closed, the user pressed Stop). */
  signal?: AbortSignal;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelAnswer {
  text: string;
  usage: TokenUsage;
}

/** What a streamed answer yields: pieces of text as they come, then the usage once it is complete. */
export type ModelStreamEvent = { type: 'text'; text: string } | { type: 'done'; usage: TokenUsage };

export interface TextModel {
  /** Which model this is (a Bedrock model id, an Ollama model name), for the chat's record of who answered. */
  readonly id: string;
  /** The whole answer at once. */
  complete(request: ModelRequest): Promise<ModelAnswer>;
  /** The answer piece by piece; ends with one 'done' event. */
  stream(request: ModelRequest): AsyncIterable<ModelStreamEvent>;
}

/**
 * The models of a deployment, by use. A use without one is 'not set up': the API answers 503 `model_not_configured`
 * with what to set.
 */
export interface TextModels {
  /** Chat's Fast choice. */
  fast?: TextModel;
  /** Chat's Slow choice (a stronger, slower model). */
  slow?: TextModel;
  /** The text transformer: reads images. */
  vision?: TextModel;
  /** The extraction drawer's Enhanced mode (the spec's 'vertex'). */
  extraction?: TextModel;
  /** The extraction drawer's local-model mode (a model on the organization's own machine). */
  local?: TextModel;
  /** What a clinician is told to set when a use has no model, e.g. 'Set OLLAMA_URL to your Ollama server.' */
  setUpHint: string;
}
