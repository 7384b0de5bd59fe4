// A local stand-in for Crossref, Unpaywall and a publisher's site, serving the recorded responses in
// tests/fixtures/articles (see its README), plus the failures the API must map: 404, 429, 503 and a call that never ends.
// The publisher's PDFs (under /pdfs/) are counted by path and query: GET /hits?of=<path and query> answers how many
// requests one had, so a test can tell whether the server fetched again.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { MAX_FETCHED_PDF_BYTES } from '@chartside/shared';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/articles');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');

/** The open-access copy the publisher serves. */
export const openAccessPdf = new Uint8Array(readFileSync(path.join(fixtures, 'open-access.pdf')));

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

const pdf = (bytes: Uint8Array): Answer => (response) => response.writeHead(200, { 'content-type': 'application/pdf' }).end(bytes);

/** A PDF past the size limit, streamed without a length (so only counting the bytes finds it too large). */
const hugePdf: Answer = (response) => {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  response.writeHead(200, { 'content-type': 'application/pdf' });
  response.write('%PDF-1.7\n');
  let left = MAX_FETCHED_PDF_BYTES / chunk.length + 1;
  const more = () => {
    while (left > 0 && !response.destroyed) {
      left -= 1;
      if (!response.write(chunk)) {
        response.once('drain', more);
        return;
      }
    }
    response.end();
  };
  more();
};

/** The start of a PDF, then nothing more: the caller's timeout must end it mid-body. */
const stalledPdf: Answer = (response) => {
  response.writeHead(200, { 'content-type': 'application/pdf' });
  response.write('%PDF-1.7\n');
};

const signInPage = '<!doctype html><html><head><title>Sign in</title></head><body><form action="/login">Sign in to read the full text</form></body></html>';

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
    case '/pdfs/article.pdf':
      return pdf(openAccessPdf);
    case '/pdfs/moved':
      return (response) => response.writeHead(302, { location: `/pdfs/article.pdf${url.search}` }).end();
    case '/pdfs/sign-in':
      return html(signInPage);
    case '/pdfs/forbidden':
      return status(403, signInPage, 'text/html');
    case '/pdfs/huge':
      return hugePdf;
    case '/pdfs/stalled':
      return stalledPdf;
    default:
      return status(404, 'Not Found');
  }
};

export const startArticleFixtures = async (): Promise<ArticleFixtures> => {
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixtures');
    if (url.pathname === '/hits') return json(JSON.stringify({ count: hits.get(url.searchParams.get('of') ?? '') ?? 0 }))(response);
    if (url.pathname.startsWith('/pdfs/')) hits.set(url.pathname + url.search, (hits.get(url.pathname + url.search) ?? 0) + 1);
    routeFor(url)(response);
  });
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
  // Room for the huge case: reading its 51 MB takes about 0.9 s alone and passed 2 s beside the browser tests.
  ARTICLE_PDF_TIMEOUT_MS: '10000',
  FEED_TIMEOUT_MS: '2000',
});
