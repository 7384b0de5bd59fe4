// The service worker's static routes (the Service Worker Static Routing API; Chromium has it): the requests the worker
// never answers (the API, the WebSocket, sign-in, the runtime config) go straight to the network. Without them each
// such request first waits for the worker's fetch handler, and for the worker to start when the browser has stopped
// it (after 30 s idle): the first autosave after a pause did. Where the browser has no such API they go through the
// worker as before. A classic script the Workbox worker loads with importScripts, like push-worker.ts; the build
// (vite.config.ts) defines NETWORK_ONLY_PATHS, the same list the worker's navigation fallback leaves out.

declare const NETWORK_ONLY_PATHS: readonly string[];
/** Every browser with static routes has URLPattern; TypeScript's DOM library does not declare it yet. */
declare class URLPattern {
  constructor(init: { pathname: string });
}

interface RouterRule {
  condition: { urlPattern: URLPattern };
  source: 'network';
}
interface InstallEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
  addRoutes?(rules: RouterRule[]): Promise<void>;
}

const installing = self as unknown as { addEventListener(type: 'install', listener: (event: InstallEvent) => void): void };

installing.addEventListener('install', (event) => {
  if (!event.addRoutes) return;
  // '/api{/*}?' is /api itself and everything under it.
  const rules = NETWORK_ONLY_PATHS.map((path): RouterRule => ({ condition: { urlPattern: new URLPattern({ pathname: `${path}{/*}?` }) }, source: 'network' }));
  // A refused rule must not fail the install: the worker then sees these requests as before.
  event.waitUntil(event.addRoutes(rules).catch((error: unknown) => console.warn('Service worker static routes refused', error)));
});
