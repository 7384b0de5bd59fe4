// A stand-in for the feeds' publishers, started by a test: RSS, Atom and JSON Feed documents (RSS with an ETag and a
// Last-Modified, answering 304 to a conditional GET), feeds whose items a test sets (/live/<name>, with an ETag), and hostile
// sources: not XML, entity expansion (billion laughs), a 50 MB body without a length, a redirect loop and one that never
// answers. Each request is recorded under its path and query (a test gives its user's source a query of its own, so no
// other user's refresh is counted), with its validators and the status answered.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureItem {
  id: string;
  title: string;
  summary?: string;
  /** ISO time. */
  published: string;
}

export interface FixtureRequest {
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  /** The status answered; 0 while unanswered (/slow). */
  status: number;
}

export interface FeedFixtures {
  url: string;
  /** The items /live/<name> serves from now on (as RSS). */
  setItems(name: string, items: FixtureItem[]): void;
  /** The requests to `pathAndQuery` so far, in order. */
  requests(pathAndQuery: string): FixtureRequest[];
  close(): Promise<void>;
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const rssOf = (title: string, base: string, items: FixtureItem[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${xmlText(title)}</title><link>${base}</link><description>Fixture</description>
${items
  .map(
    (item) => `<item><title>${xmlText(item.title)}</title><link>${base}/articles/${item.id}</link><guid isPermaLink="false">${item.id}</guid>
<pubDate>${new Date(item.published).toUTCString()}</pubDate><description>${xmlText(item.summary ?? '')}</description></item>`,
  )
  .join('\n')}
</channel></rss>`;

export const staticRssItems: FixtureItem[] = [
  { id: 'rss-1', title: 'Semaglutide and kidney outcomes', summary: '<p>A <strong>trial</strong> in CKD.<script>alert(1)</script><img src="x" onerror="alert(2)"></p><a href="javascript:alert(3)">bad</a> <a href="https://example.org/more">more</a>', published: '2026-11-20T10:00:00Z' },
  { id: 'rss-2', title: 'Sepsis bundle adherence', summary: 'Plain text summary', published: '2026-11-21T10:00:00Z' },
  { id: 'rss-3', title: 'Anticoagulation in atrial fibrillation', published: '2026-11-22T10:00:00Z' },
];

const atom = (base: string) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Guideline body</title><id>urn:fixture:atom</id><updated>2026-11-23T00:00:00Z</updated>
<entry><title>Hypertension guideline update</title><id>urn:fixture:atom:1</id><link href="${base}/guidelines/1"/><updated>2026-11-23T09:00:00Z</updated><summary type="html">&lt;p&gt;New targets&lt;/p&gt;</summary></entry>
<entry><title>Asthma guideline update</title><id>urn:fixture:atom:2</id><link href="${base}/guidelines/2"/><updated>2026-11-24T09:00:00Z</updated><summary>Stepwise care</summary></entry>
</feed>`;

const jsonFeed = (base: string) =>
  JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: 'Drug safety',
    items: [
      { id: 'json-1', url: `${base}/alerts/1`, title: 'Recall: metformin lot 42', content_html: '<p>Check <em>lot</em> numbers</p>', date_published: '2026-11-25T08:00:00Z' },
      { id: 'json-2', url: `${base}/alerts/2`, title: 'Boxed warning added', content_text: 'Hepatotoxicity', date_published: '2026-11-24T08:00:00Z' },
    ],
  });

const billionLaughs = () => {
  let entities = '<!ENTITY lol0 "lol">';
  for (let i = 1; i < 10; i += 1) entities += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
  return `<?xml version="1.0"?><!DOCTYPE rss [${entities}]><rss version="2.0"><channel><title>Laughs</title><item><title>&lol9;</title><link>http://example.org/</link></item></channel></rss>`;
};

/** Last-Modified and ETag of the static RSS document. */
export const RSS_ETAG = '"rss-v1"';
export const RSS_LAST_MODIFIED = 'Sun, 22 Nov 2026 10:00:00 GMT';

export const startFeedFixtures = async (): Promise<FeedFixtures> => {
  const live = new Map<string, FixtureItem[]>();
  const recorded = new Map<string, FixtureRequest[]>();
  let base = '';

  const server = http.createServer((request, response) => {
    const { pathname: path, search } = new URL(request.url ?? '/', 'http://fixture');
    const { 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince } = request.headers;
    const entry: FixtureRequest = { ...(ifNoneMatch && { ifNoneMatch }), ...(ifModifiedSince && { ifModifiedSince }), status: 0 };
    recorded.set(path + search, [...(recorded.get(path + search) ?? []), entry]);
    response.once('finish', () => (entry.status = response.statusCode));
    request.resume();

    const send = (type: string, body: string, headers: http.OutgoingHttpHeaders = {}) => response.writeHead(200, { 'content-type': type, ...headers }).end(body);
    if (path === '/rss.xml') {
      if (request.headers['if-none-match'] === RSS_ETAG) return void response.writeHead(304, { etag: RSS_ETAG }).end();
      return send('application/rss+xml', rssOf('Journal', base, staticRssItems), { etag: RSS_ETAG, 'last-modified': RSS_LAST_MODIFIED });
    }
    if (path === '/atom.xml') return send('application/atom+xml', atom(base));
    if (path === '/feed.json') return send('application/feed+json', jsonFeed(base));
    if (path.startsWith('/live/')) {
      // Tagged by content: unchanged items answer a conditional GET with 304, new ones change the ETag.
      const body = rssOf(`Live ${path.slice(6)}`, base, live.get(path.slice(6)) ?? []);
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
      if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
      return send('application/rss+xml', body, { etag });
    }
    if (path === '/bad.xml') return send('application/rss+xml', '<rss><channel><title>Broken <item></rss');
    if (path === '/entities.xml') return send('application/rss+xml', billionLaughs());
    if (path === '/html') return send('text/html', '<!doctype html><html><body>Sign in</body></html>');
    if (path === '/huge.xml') {
      // 50 MB streamed without a length: only counting the bytes finds it too large.
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 50 && response.write(chunk)) sent += 1;
        if (sent >= 50) return void response.end();
        sent += 1;
        response.once('drain', pump);
      };
      response.on('error', () => undefined);
      return pump();
    }
    if (path === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
    if (path === '/missing.xml') return void response.writeHead(404).end('not here');
    if (path === '/slow') return; // never answers: the fetch's deadline must end it
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    setItems: (name, items) => void live.set(name, items),
    requests: (pathAndQuery) => recorded.get(pathAndQuery) ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
