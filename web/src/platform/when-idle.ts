// Work that can wait for a quiet moment: the rest of the panel's cards, the rich-text editors, the patient screen's code.

/**
 * Runs `callback` when the browser is idle, or after `timeoutMs` at the latest when given (Safari has no
 * requestIdleCallback: there, after a task). Returns the cancel.
 */
export const whenIdle = (callback: () => void, timeoutMs?: number): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
};
