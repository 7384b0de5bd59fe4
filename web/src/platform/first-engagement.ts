// Whether the user is using the page: they pressed or moved the pointer, touched the screen, turned the wheel or
// pressed a key. Work that only serves someone about to act (the rich texts' editors mounting ahead of use) waits for
// it: a page opened to be read, or loading in a tab nobody looks at, does not spend its main thread on it.
const ENGAGING_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'keydown'] as const;

let engaged = false;
let watching = false;
const waiting = new Set<() => void>();

const engage = () => {
  engaged = true;
  for (const type of ENGAGING_EVENTS) window.removeEventListener(type, engage, true);
  for (const callback of [...waiting]) callback();
  waiting.clear();
};

/**
 * Starts watching for the user's first engagement; the app calls it as it starts, so a press before the first rich text
 * appears (the one that opened a dialog holding it) counts. Not the browser's user activation: Chromium gives a page
 * loaded from the address bar one, with nobody using it yet.
 */
export const watchFirstEngagement = () => {
  if (watching || engaged) return;
  watching = true;
  for (const type of ENGAGING_EVENTS) window.addEventListener(type, engage, { capture: true, passive: true });
};

/** Calls `callback` once the user has engaged with the page (at once if they have); returns the cancel. */
export const afterFirstEngagement = (callback: () => void): (() => void) => {
  if (engaged) {
    callback();
    return () => undefined;
  }
  watchFirstEngagement();
  waiting.add(callback);
  return () => waiting.delete(callback);
};
