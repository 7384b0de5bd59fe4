// Browser APIs jsdom lacks and Mantine uses. Defined once per test file, not via vi.stubGlobal, so
// `unstubGlobals` (which undoes each test's own stubs) leaves them in place.
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach } from 'vitest';
import { connectivity } from '../platform/connectivity/connectivity';
import { fakeMatchMedia } from './match-media';

// findBy… and waitFor give up after 1 s by default: on a two-core machine running two test files at once a render can
// take longer, and a test would fail for the machine, not the code. A guard, like the project's test timeout
// (web/vitest.config.ts), which no file lowers.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // The app's one connectivity signal outlives a test: a server one test made unreachable is back for the next.
  connectivity.reportReachable();
});

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  writable: true,
  value: fakeMatchMedia(() => false),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: ResizeObserverStub });

// Mantine's notification store outlives a test; start each one without leftovers.
afterEach(() => notifications.clean());

// Mantine's auto-growing textarea listens for web fonts loading; jsdom has no document.fonts.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

// ProseMirror (under BlockNote) asks its root which elements lie under a point; jsdom does no layout, so: none.
if (!('elementsFromPoint' in document)) Object.defineProperty(Document.prototype, 'elementsFromPoint', { configurable: true, value: () => [] });
