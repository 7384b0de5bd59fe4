// The outbound guard: in the cloud an article page on a private, loopback or link-local address is never fetched.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchArticleMetadata, isPrivateAddress } from './fetch-article-metadata';

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['64:ff9b::7f00:1', true],
    ['not-an-ip', true],
    ['8.8.8.8', false],
    ['172.32.0.1', false],
    ['2606:4700:4700::1111', false],
    ['::ffff:8.8.8.8', false],
  ])('isPrivateAddress(%j) is %j', (address, want) => expect(isPrivateAddress(address)).toBe(want));
});

describe('fetchArticleMetadata lookup', () => {
  const metadata = fetchArticleMetadata({
    crossrefUrl: 'http://127.0.0.1:9',
    unpaywallUrl: 'http://127.0.0.1:9',
    contactEmail: 'test@example.org',
    allowPrivateHosts: false,
    timeoutMs: 1_000,
  });

  it.each([['http://127.0.0.1/admin'], ['http://169.254.169.254/latest/meta-data/'], ['http://[::1]:8080/'], ['http://localhost/']])(
    'refuses %s before any request is made',
    async (url) => {
      await expect(metadata.lookup(url)).rejects.toMatchObject({ code: 'bad_request', message: 'That address is not on the public internet, so it cannot be looked up.' });
    },
  );
});

// Two local servers stand in for the internet: 127.0.0.1 plays a public journal (the test's own address rule lets it
// through) and 127.0.0.2 plays a private service that must never be reached. The resolver is the test's DNS.
describe('fetchArticleMetadata connects only to public addresses', () => {
  const privateHits: string[] = [];
  let journal: Server;
  let internal: Server;
  let journalPort = 0;
  let internalPort = 0;

  const listen = async (server: Server, host: string) => {
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return (server.address() as AddressInfo).port;
  };

  beforeAll(async () => {
    internal = createServer((request, response) => {
      privateHits.push(request.url ?? '');
      response.end('<html><head><meta name="citation_title" content="Internal secrets"></head></html>');
    });
    internalPort = await listen(internal, '127.0.0.2');
    journal = createServer((request, response) => {
      const target = { '/to-internal-host': `http://internal.test:${internalPort}/secret`, '/to-internal-ip': `http://127.0.0.2:${internalPort}/secret` }[request.url ?? ''];
      if (target) response.writeHead(302, { location: target }).end();
      else response.end('<html><head><meta name="citation_title" content="A public article"></head></html>');
    });
    journalPort = await listen(journal, '127.0.0.1');
  });

  afterAll(async () => {
    await Promise.all([journal, internal].map((server) => new Promise((resolve) => server.close(resolve))));
  });

  const answers: Record<string, string> = { 'journal.test': '127.0.0.1', 'internal.test': '127.0.0.2' };
  const testDns: LookupFunction = (hostname, options, callback) => {
    const address = answers[hostname];
    if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
    if (options.all) return callback(null, [{ address, family: 4 }]);
    callback(null, address, 4);
  };
  const metadata = () =>
    fetchArticleMetadata({
      crossrefUrl: 'http://127.0.0.1:9',
      unpaywallUrl: 'http://127.0.0.1:9',
      contactEmail: 'test@example.org',
      allowPrivateHosts: false,
      timeoutMs: 5_000,
      resolve: testDns,
      isRefusedAddress: (address) => address !== '127.0.0.1' && isPrivateAddress(address),
    });
  const refused = { code: 'bad_request', message: 'That address is not on the public internet, so it cannot be looked up.' };

  it('reads a page on a public address', async () => {
    await expect(metadata().lookup(`http://journal.test:${journalPort}/article`)).resolves.toMatchObject({ title: 'A public article' });
  });

  it('refuses a host whose lookup answers a private address, at connect time', async () => {
    await expect(metadata().lookup(`http://internal.test:${internalPort}/secret`)).rejects.toMatchObject(refused);
    expect(privateHits).toEqual([]);
  });

  it.each([['/to-internal-host'], ['/to-internal-ip']])('refuses a redirect from a public host to a private address (%s)', async (path) => {
    await expect(metadata().lookup(`http://journal.test:${journalPort}${path}`)).rejects.toMatchObject(refused);
    expect(privateHits).toEqual([]);
  });

  it('answers not found for a host that does not exist', async () => {
    await expect(metadata().lookup('http://nowhere.test/article')).rejects.toMatchObject({ code: 'not_found', message: 'The address nowhere.test could not be found.' });
  });
});
