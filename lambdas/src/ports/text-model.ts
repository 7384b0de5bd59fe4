// A text model the API asks for completions: the drawer's Enhanced mode (Bedrock, wired in a later issue) and a local
// model. Failures are AppErrors (unavailable when the model cannot be reached or timed out).

export interface TextModelRequest {
  /** The instructions: what to do and the shape of the answer. */
  system: string;
  /** The user's material. */
  prompt: string;
  /** Aborted when the caller gave up (the HTTP request closed). */
  signal?: AbortSignal;
}

export interface TextModel {
  /** The model's answer as text. */
  complete(request: TextModelRequest): Promise<string>;
}

/** The models of a deployment, by extraction mode; a mode without one answers 503 `model_not_configured`. */
export interface TextModels {
  vertex?: TextModel;
  local?: TextModel;
}
