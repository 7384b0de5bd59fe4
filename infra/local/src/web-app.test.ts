import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSettings, repoRoot } from './settings';
import { builtWebHeaders, localSecurityHeaders, serveBuiltWeb } from './web-app';

describe('WEB_DIST_DIR', () => {
  it('defaults to web/dist and resolves a relative folder against the repository', () => {
    expect(readSettings({}).webDistDir).toBe(path.join(repoRoot, 'web/dist'));
    expect(readSettings({ WEB_DIST_DIR: 'tmp/build-b' }).webDistDir).toBe(path.join(repoRoot, 'tmp/build-b'));
    expect(readSettings({ WEB_DIST_DIR: '/srv/chartside' }).webDistDir).toBe('/srv/chartside');
  });
});

const FILES_ORIGIN = 'http://127.0.0.1:4569';

describe('serveBuiltWeb', () => {
  let dist: string;
  let server: http.Server;
  let origin: string;

  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), body);
  };

  beforeEach(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'chartside-dist-'));
    write('index.html', '<!doctype html><title>A</title>');
    write('sw.js', 'self.version = "A";');
    write('workbox-835c8c05.js', 'define([], () => {});');
    write('manifest.webmanifest', '{"name":"Chartside"}');
    write('assets/index-abc123.js', 'console.log("A")');
    const web = serveBuiltWeb({ webDistDir: dist }, localSecurityHeaders(FILES_ORIGIN));
    server = http.createServer((request, response) => web.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the service worker as JavaScript that is revalidated every time', async () => {
    for (const file of ['/sw.js', '/workbox-835c8c05.js']) {
      const response = await fetch(`${origin}${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves the manifest with its own MIME type, revalidated every time', async () => {
    const response = await fetch(`${origin}/manifest.webmanifest`);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('caches hashed assets for good, sends the security headers, and answers app routes with index.html', async () => {
    const asset = await fetch(`${origin}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    const route = await fetch(`${origin}/panel/123`);
    expect(await route.text()).toContain('<title>A</title>');
    expect(route.headers.get('cache-control')).toBe('no-cache');
    // The same browser policy as the cloud's, with the object store's origin for presigned URLs.
    const policy = route.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(policy).toContain(`connect-src 'self' ${FILES_ORIGIN};`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(route.headers.get('permissions-policy')).toContain('microphone=(self)');
    expect(route.headers.get('referrer-policy')).toBe('same-origin');
    expect((await fetch(`${origin}/missing.js`)).status).toBe(404);
  });

  it('serves a build replaced on disk at once (a redeploy, or the update test)', async () => {
    expect(await (await fetch(`${origin}/sw.js`)).text()).toBe('self.version = "A";');
    write('sw.js', 'self.version = "B";');
    write('assets/index-def456.js', 'console.log("B")');
    expect(await (await fetch(`${origin}/sw.js`)).text()).toBe('self.version = "B";');
    expect((await fetch(`${origin}/assets/index-def456.js`)).status).toBe(200);
  });

  /** A request as a browser sends it, with the raw answer (fetch would decompress it). */
  const get = (pathname: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${origin}${pathname}`, { headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('gzips text files of 1,000 bytes or more for a browser that accepts it, with the same headers, and revalidates them', async () => {
    const code = `console.log(${JSON.stringify('x'.repeat(5_000))});`;
    write('assets/big-abc123.js', code);
    const first = await get('/assets/big-abc123.js');
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(first.body.length).toBeLessThan(code.length / 10);
    expect(gunzipSync(first.body).toString()).toBe(code);
    expect((await get('/assets/big-abc123.js', { 'if-none-match': first.headers.etag! })).status).toBe(304);
    // Changed on disk: the new bytes, under a new validator.
    write('assets/big-abc123.js', `${code}\n// B`);
    const second = await get('/assets/big-abc123.js', { 'if-none-match': first.headers.etag! });
    expect(second.status).toBe(200);
    expect(gunzipSync(second.body).toString()).toBe(`${code}\n// B`);
    // Small files, and a browser that does not accept gzip, get the file as it is.
    expect((await get('/assets/index-abc123.js')).headers['content-encoding']).toBeUndefined();
    const plain = await get('/assets/big-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(`${code}\n// B`);
  });

  it('refuses to start without a build', () => {
    expect(() => serveBuiltWeb({ webDistDir: path.join(dist, 'nothing') }, {})).toThrow(/has no index\.html: run `npm run build` first/);
  });
});

describe('builtWebHeaders', () => {
  it.each([
    ['/index.html', 'no-cache'],
    ['/sw.js', 'no-cache'],
    ['/icon-512.png', 'no-cache'],
    ['/assets/index-abc123.js', 'public, max-age=31536000, immutable'],
  ])('%s: cache-control %s', (pathname, cacheControl) => {
    expect(builtWebHeaders(pathname, {})['cache-control']).toBe(cacheControl);
  });
});
