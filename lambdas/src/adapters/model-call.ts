// What both model adapters (Bedrock, Ollama) do around one call: give up when the caller does or when the model stays
// silent too long, and say which it was.
import { AppError } from '@chartside/shared';

/** How long a model may stay silent (before its answer, or between two pieces of a streamed one). */
export const DEFAULT_MODEL_TIMEOUT_MS = 60_000;

export const notInTime = () => new AppError('unavailable', 'The model did not answer in time. Try again.');

/** Ends a call when the caller gives up or the model stays silent for `timeoutMs`, and tells which happened. */
export const watchModelCall = (timeoutMs: number, callerSignal: AbortSignal | undefined) => {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  else callerSignal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    /** The model said something: the silence starts again. */
    heard: () => timer.refresh(),
    /** What to throw for an error met during the call: the caller's reason, a timeout, or the adapter's own reading. */
    failure: (error: unknown, otherwise: (error: unknown) => unknown): unknown => {
      if (callerSignal?.aborted) return callerSignal.reason;
      if (timedOut) return notInTime();
      return otherwise(error);
    },
    /** Also stops the HTTP call when the caller left a stream before its end. */
    end: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
      controller.abort();
    },
  };
};
