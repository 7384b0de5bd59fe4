// The PDF fetcher: a PDF only when both the type and the bytes say so, statuses and sizes mapped to clear errors, the
// addresses tried in order under one deadline, and every address (and redirect hop) through the public-web guard.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FETCHED_PDF_BYTES } from '@chartside/shared';
import { startWebHostsDouble, type WebHostsDouble } from '../../test/web-hosts-double';
import { fetchPdf } from './fetch-pdf';

const pdf = Buffer.from('%PDF-1.4\n% a tiny test file\n%%EOF\n');
const loginPage = '<!doctype html><html><body><form action="/login">Sign in to read this article</form></body></html>';

const routes: Record<string, (response: ServerResponse) => void> = {
  '/article.pdf': (r) => r.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf),
  '/as-bytes': (r) => r.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.concat([Buffer.from('\n\n'), pdf])),
  '/moved': (r) => r.writeHead(301, { location: '/article.pdf' }).end(),
  '/login': (r) => r.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage),
  '/login-as-pdf': (r) => r.writeHead(200, { 'content-type': 'application/pdf' }).end(loginPage),
  '/declared-huge': (r) => r.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(MAX_FETCHED_PDF_BYTES + 1) }).end(pdf),
  '/slow': () => undefined,
};

describe('fetchPdf', () => {
  let hosts: WebHostsDouble;
  const at = (path: string) => `${hosts.publicUrl}${path}`;
  const fetcher = (timeoutMs = 5_000) => fetchPdf({ web: hosts.web, timeoutMs });

  beforeAll(async () => {
    hosts = await startWebHostsDouble((request, response) => {
      const status = /^\/status\/(\d+)$/.exec(request.url ?? '')?.[1];
      if (status) response.writeHead(Number(status), { 'content-type': 'text/html' }).end('<html>No</html>');
      else (routes[request.url ?? ''] ?? ((r) => r.writeHead(404).end()))(response);
    });
  });
  afterAll(() => hosts.close());

  it('answers the PDF and the address that gave it, following a redirect', async () => {
    const fetched = await fetcher().fetchFirst([at('/moved')]);
    expect(fetched.url).toBe(at('/moved'));
    expect(Buffer.from(fetched.bytes)).toEqual(pdf);
  });

  it('takes a PDF served as plain bytes, its header a little way in', async () => {
    expect((await fetcher().fetchFirst([at('/as-bytes')])).bytes.byteLength).toBe(pdf.length + 2);
  });

  it('tries the addresses in order and answers the first that gives a PDF', async () => {
    await expect(fetcher().fetchFirst([at('/login'), at('/status/403'), at('/article.pdf')])).resolves.toMatchObject({ url: at('/article.pdf') });
  });

  it("reports the first address's failure when none gives a PDF", async () => {
    await expect(fetcher().fetchFirst([at('/status/403'), at('/login')])).rejects.toMatchObject({
      code: 'bad_gateway',
      message: "The publisher refused the PDF (403). Open the article's page instead.",
    });
  });

  it.each([
    ['/status/401', 'bad_gateway', "The publisher refused the PDF (401). Open the article's page instead."],
    ['/status/404', 'bad_gateway', "The publisher refused the PDF (404). Open the article's page instead."],
    ['/status/429', 'rate_limited', 'The publisher is receiving too many requests right now. Try again in a minute.'],
    ['/status/503', 'bad_gateway', "The publisher's site is not working right now (HTTP 503). Try again later."],
    ['/login', 'bad_gateway', "The publisher did not send a PDF (often it sends a sign-in page instead). Open the article's page instead."],
    ['/login-as-pdf', 'bad_gateway', "The publisher did not send a PDF (often it sends a sign-in page instead). Open the article's page instead."],
    ['/declared-huge', 'payload_too_large', "The PDF is larger than 50 MB, so it was not saved. Open the article's page instead."],
  ])('maps %s to %s', async (path, code, message) => {
    await expect(fetcher().fetchFirst([at(path)])).rejects.toMatchObject({ code, message });
  });

  it('gives up on every address when the one deadline passes', async () => {
    const started = Date.now();
    await expect(fetcher(300).fetchFirst([at('/slow'), at('/article.pdf')])).rejects.toMatchObject({
      code: 'unavailable',
      message: 'The publisher did not answer in time. Try again later.',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('fetches no PDF from a private address, nor through a redirect to one', async () => {
    const refused = { code: 'bad_request', message: 'That address is not on the public internet, so it cannot be looked up.' };
    await expect(fetcher().fetchFirst([`${hosts.internalUrl}/secret.pdf`])).rejects.toMatchObject(refused);
    await expect(fetcher().fetchFirst([at('/to-internal-host'), at('/to-internal-ip')])).rejects.toMatchObject(refused);
    expect(hosts.privateHits).toEqual([]);
  });
});
