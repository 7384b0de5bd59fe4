// A local stand-in for Crossref, Unpaywall and a publisher's site, serving the recorded responses in
// tests/fixtures/articles (see its README), plus the failures the API must map: 404, 429, 503 and a call that never ends.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/articles');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');

export const knownDoi = '10.1056/NEJMoa2034577';
export const fixtureDois = { missing: '10.5555/missing', rateLimited: '10.5555/rate-limited', broken: '10.5555/broken', slow: '10.5555/slow' } as const;

export interface ArticleFixtures {
  url: string;
  crossrefUrl: string;
  unpaywallUrl: string;
  close(): Promise<void>;
}

type Answer = (response: http.ServerResponse) => void;

const json = (body: string): Answer => (response) => response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(body);
const html = (body: string): Answer => (response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
const status = (code: number, body: string, type = 'text/plain'): Answer => (response) => response.writeHead(code, { 'content-type': type }).end(body);
/** Never answers: the caller's timeout must end it. */
const hang: Answer = () => undefined;

/** Failures shared by both services, by DOI. */
const failures: Record<string, Answer> = {
  [fixtureDois.missing.toLowerCase()]: status(404, 'Resource not found.'),
  [fixtureDois.rateLimited.toLowerCase()]: status(429, 'Too Many Requests'),
  [fixtureDois.broken.toLowerCase()]: status(503, 'Service Unavailable'),
  [fixtureDois.slow.toLowerCase()]: hang,
};

const routeFor = (url: URL): Answer => {
  const crossref = /^\/crossref\/works\/(.+)$/.exec(url.pathname);
  if (crossref) {
    const doi = decodeURIComponent(crossref[1]!).toLowerCase();
    if (doi === knownDoi.toLowerCase()) return json(read('crossref-work-10.1056-NEJMoa2034577.json'));
    return failures[doi] ?? status(404, 'Resource not found.');
  }
  const unpaywall = /^\/unpaywall\/v2\/(.+)$/.exec(url.pathname);
  if (unpaywall) {
    if (!url.searchParams.get('email')) return status(422, '{"error":true,"message":"email required"}', 'application/json');
    const doi = decodeURIComponent(unpaywall[1]!).toLowerCase();
    if (doi === knownDoi.toLowerCase()) return json(read('unpaywall-10.1056-NEJMoa2034577.json'));
    return failures[doi] ?? status(404, JSON.stringify({ HTTP_status_code: 404, error: true, message: `'${doi}' is an invalid doi.` }), 'application/json');
  }
  switch (url.pathname) {
    case '/articles/nejm-bnt162b2':
      return html(read('article-page.html'));
    case '/articles/og-only':
      return html(read('og-only-page.html'));
    case '/articles/moved':
      return (response) => response.writeHead(302, { location: '/articles/nejm-bnt162b2' }).end();
    case '/articles/slow':
      return hang;
    default:
      return status(404, 'Not Found');
  }
};

export const startArticleFixtures = async (): Promise<ArticleFixtures> => {
  const server = http.createServer((request, response) => routeFor(new URL(request.url ?? '/', 'http://fixtures'))(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the article fixture server has no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    crossrefUrl: `${url}/crossref`,
    unpaywallUrl: `${url}/unpaywall`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // the hanging requests too
        server.close(() => resolve());
      }),
  };
};

/** The settings that point a runtime at the fixture server. Timeouts are short so the slow cases end quickly. */
export const articleFixtureEnv = (fixtures: ArticleFixtures): Record<string, string> => ({
  ARTICLE_CROSSREF_URL: fixtures.crossrefUrl,
  ARTICLE_UNPAYWALL_URL: fixtures.unpaywallUrl,
  ARTICLE_ALLOW_PRIVATE_HOSTS: 'true',
  ARTICLE_TIMEOUT_MS: '2000',
});
