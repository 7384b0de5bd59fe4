// Jittered exponential backoff, for whatever retries on its own (the realtime socket, the connectivity probe).

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

/** Delay before retry number `attempt` (0-based): exponential, capped, with jitter in [half, full]. */
export function backoffDelay(attempt: number, { initialMs, maxMs }: Backoff, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
