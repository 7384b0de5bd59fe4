// The web app on the same origin as the API: Vite with hot reload in dev, or the built bundle.
import { existsSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

export interface WebApp {
  handle(request: IncomingMessage, response: ServerResponse): void;
  close(): Promise<void>;
}

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

export const serveBuiltWeb = (repoRoot: string): WebApp => {
  const dist = path.join(repoRoot, 'web', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build` first, or start with WEB_MODE=dev');
  const assets = sirv(dist, {
    single: true,
    etag: true,
    setHeaders: (res, pathname) => {
      for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
      // Hashed assets never change; everything else (index.html, the service worker) is revalidated every time.
      res.setHeader('cache-control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return {
    handle: (request, response) => assets(request, response, () => {
      response.writeHead(404).end();
    }),
    close: async () => {},
  };
};

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
    handle: (request, response) => vite.middlewares(request, response),
    close: () => vite.close(),
  };
};
