import { describe, expect, it } from 'vitest';
import { spaRewriteCode, wsRewriteCode } from './web-functions';

interface CloudFrontRequest {
  uri: string;
  querystring: Record<string, { value: string }>;
}
type Handler = (event: { request: CloudFrontRequest }) => CloudFrontRequest;

// Runs the function source the way CloudFront does: a script defining `handler`, called with the event.
const load = (code: string): Handler => new Function(`${code}\nreturn handler;`)() as Handler;
const run = (code: string, uri: string, querystring: CloudFrontRequest['querystring'] = {}) =>
  load(code)({ request: { uri, querystring } });

describe('SPA rewrite', () => {
  it.each([
    ['/panel/123', '/index.html'],
    ['/', '/index.html'],
    ['/resources', '/index.html'],
    ['/patients/abc/notes/', '/index.html'],
    ['/assets/x.js', '/assets/x.js'],
    ['/index.html', '/index.html'],
    ['/config.json', '/config.json'],
    ['/manifest.webmanifest', '/manifest.webmanifest'],
    ['/api/me', '/api/me'],
    ['/api', '/api'],
    ['/ws', '/ws'],
  ])('%s -> %s', (uri, want) => {
    expect(run(spaRewriteCode, uri).uri).toBe(want);
  });
});

describe('WebSocket rewrite', () => {
  it('replaces the viewer path by the stage path and keeps the token', () => {
    const request = run(wsRewriteCode('prod'), '/ws', { token: { value: 'jwt' } });
    expect(request).toEqual({ uri: '/prod', querystring: { token: { value: 'jwt' } } });
  });

  it('refuses a stage name that would break the generated code', () => {
    expect(() => wsRewriteCode("prod'; x")).toThrow("Invalid WebSocket stage name: prod'; x");
  });
});
