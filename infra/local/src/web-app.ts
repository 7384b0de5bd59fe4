// The web app on the same origin as the API: Vite with hot reload in dev, or the built bundle.
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { contentSecurityPolicy, PERMISSIONS_POLICY, REFERRER_POLICY } from '@chartside/shared';
import sirv from 'sirv';
import type { LocalSettings } from './settings';

export interface WebApp {
  handle(request: IncomingMessage, response: ServerResponse): void;
  close(): Promise<void>;
}

/**
 * The browser policy of every file served (shared/src/security/browser-policy.ts, as CloudFront sends it). The app
 * fetches files from the object store's own origin (presigned URLs). No HSTS: browsers ignore it over plain http.
 */
export const localSecurityHeaders = (filesOrigin: string): Record<string, string> => ({
  'content-security-policy': contentSecurityPolicy({ connect: [filesOrigin], images: [filesOrigin] }),
  'permissions-policy': PERMISSIONS_POLICY,
  'referrer-policy': REFERRER_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** The service worker's own script and its Workbox runtime: the browser must see a new build's copy at once. */
const isServiceWorkerScript = (pathname: string) => pathname === '/sw.js' || /^\/workbox-[\w-]+\.js$/.test(pathname);

const MANIFEST_TYPE = 'application/manifest+json';

/** Headers for a file of the built bundle (exported for its test). */
export const builtWebHeaders = (pathname: string, securityHeaders: Record<string, string>): Record<string, string> => {
  const headers: Record<string, string> = { ...securityHeaders };
  // Hashed assets never change; everything else (index.html, the manifest, the icons and above all the service
  // worker) is revalidated on every request, so a new build is picked up by the next update check.
  headers['cache-control'] = pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  if (isServiceWorkerScript(pathname)) headers['content-type'] = 'text/javascript; charset=utf-8';
  if (pathname.endsWith('.webmanifest')) headers['content-type'] = MANIFEST_TYPE;
  return headers;
};

/** The text files sent gzipped, by extension, with their types. */
const COMPRESSED_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webmanifest': MANIFEST_TYPE,
};
/** As CloudFront: smaller files are sent as they are. */
const MIN_COMPRESSED_BYTES = 1_000;

/**
 * CloudFront gzips text files for browsers that accept it; the local runtime does the same, so the browser tests and
 * Lighthouse see the bytes a deployment sends. Each file is compressed once, and again when it changes on disk.
 * Answers with the gzipped file, a 304 when the browser has it, or false for sirv to serve the request.
 */
const gzipServer = (webDistDir: string, securityHeaders: Record<string, string>) => {
  const compressed = new Map<string, { version: string; body: Buffer }>();
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://local').pathname);
    } catch {
      return false;
    }
    const type = COMPRESSED_TYPES[path.extname(pathname)];
    const file = path.join(webDistDir, pathname);
    if (!type || !file.startsWith(webDistDir + path.sep)) return false;
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats?.isFile() || stats.size < MIN_COMPRESSED_BYTES) return false;
    const version = `${stats.size}-${stats.mtimeMs}`;
    let entry = compressed.get(file);
    if (entry?.version !== version) {
      entry = { version, body: gzipSync(readFileSync(file)) };
      compressed.set(file, entry);
    }
    const etag = `W/"gzip-${version}"`;
    const headers = { ...builtWebHeaders(pathname, securityHeaders), 'content-type': type, 'content-encoding': 'gzip', vary: 'accept-encoding', etag };
    if (request.headers['if-none-match'] === etag) response.writeHead(304, headers).end();
    else response.writeHead(200, { ...headers, 'content-length': entry.body.length }).end(request.method === 'HEAD' ? undefined : entry.body);
    return true;
  };
};

/**
 * Serves the built bundle in `webDistDir` (WEB_DIST_DIR, default web/dist). Files are looked up on disk on every
 * request (sirv's dev mode), so a rebuild, or a test replacing the folder with a newer build, is served at once.
 */
export const serveBuiltWeb = ({ webDistDir }: Pick<LocalSettings, 'webDistDir'>, securityHeaders: Record<string, string>): WebApp => {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error(`${webDistDir} has no index.html: run \`npm run build\` first, or start with WEB_MODE=dev`);
  }
  const assets = sirv(webDistDir, {
    dev: true,
    single: true,
    etag: true,
    setHeaders: (res, pathname) => {
      for (const [name, value] of Object.entries(builtWebHeaders(pathname, securityHeaders))) res.setHeader(name, value);
    },
  });
  const gzipped = gzipServer(webDistDir, securityHeaders);
  return {
    handle: (request, response) => {
      if (gzipped(request, response)) return;
      assets(request, response, () => {
        response.writeHead(404).end();
      });
    },
    close: async () => {},
  };
};

/**
 * In dev there is no service worker (web/vite.config.ts: devOptions off). A worker left behind by an earlier
 * WEB_MODE=dist run on the same origin would keep serving its precached build and fight hot reload, so /sw.js
 * answers with a worker that unregisters itself and reloads the pages it controlled.
 */
export const retiringServiceWorker = `// Chartside dev mode: no service worker. This one removes itself.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) await caches.delete(key);
    await self.registration.unregister();
    for (const client of await self.clients.matchAll({ type: 'window' })) client.navigate(client.url);
  })());
});
`;

export const serveDevWeb = async (repoRoot: string, httpServer: Server): Promise<WebApp> => {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: path.join(repoRoot, 'web'),
    configFile: path.join(repoRoot, 'web', 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: 'spa',
    logLevel: 'warn',
  });
  return {
    handle: (request, response) => {
      if (request.url?.split('?')[0] === '/sw.js') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }).end(retiringServiceWorker);
        return;
      }
      vite.middlewares(request, response);
    },
    close: () => vite.close(),
  };
};
