// The outbound guard: in the cloud a user's address on a private, loopback or link-local address is never fetched.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHostsDouble, type WebHostsDouble } from '../../test/web-hosts-double';
import { createPublicWeb, isPrivateAddress } from './public-web';

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

describe('PublicWeb.get', () => {
  let hosts: WebHostsDouble;
  const options = { who: 'The page', accept: 'text/html', userAddress: true };
  const get = (url: string) => hosts.web.get(url, { ...options, signal: AbortSignal.timeout(5_000) });
  const refused = { code: 'bad_request', message: 'That address is not on the public internet, so it cannot be looked up.' };

  beforeAll(async () => {
    hosts = await startWebHostsDouble((request, response) => {
      if (request.url === '/loop') response.writeHead(302, { location: '/loop' }).end();
      else if (request.url === '/bad-location') response.writeHead(302, { location: 'http://[not-an-address/' }).end();
      else if (request.url === '/gzip') response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('a compressed page'));
      else if (request.url === '/not-modified') response.writeHead(304, { etag: '"v1"' }).end();
      else response.end('a public page');
    });
  });
  afterAll(() => hosts.close());

  it('reads a page on a public address', async () => {
    const { response } = await get(`${hosts.publicUrl}/page`);
    expect(await response.text()).toBe('a public page');
  });

  it('reads a gzip-encoded page decoded, as a browser would', async () => {
    const { response } = await get(`${hosts.publicUrl}/gzip`);
    expect(await response.text()).toBe('a compressed page');
  });

  it('answers an answer without a body (304) with its status and headers', async () => {
    const { response } = await get(`${hosts.publicUrl}/not-modified`);
    expect([response.status, response.headers.get('etag'), response.body]).toEqual([304, '"v1"', null]);
  });

  it('refuses a host whose lookup answers a private address, at connect time', async () => {
    await expect(get(`${hosts.internalUrl}/secret`)).rejects.toMatchObject(refused);
    expect(hosts.privateHits).toEqual([]);
  });

  it.each([['/to-internal-host'], ['/to-internal-ip']])('refuses a redirect from a public host to a private address (%s)', async (path) => {
    await expect(get(`${hosts.publicUrl}${path}`)).rejects.toMatchObject(refused);
    expect(hosts.privateHits).toEqual([]);
  });

  it.each([
    ['/loop', { code: 'unavailable', message: 'The page redirected too many times.' }],
    ['/bad-location', { code: 'bad_gateway', message: 'The page redirected to an address that could not be read.' }],
  ])('ends a bad redirect at %s with a clear error', async (path, error) => {
    await expect(get(`${hosts.publicUrl}${path}`)).rejects.toMatchObject(error);
  });

  it.each([
    ['not a url', 'That is not a web address, so it cannot be looked up.'],
    ['file:///etc/passwd', 'Only http and https addresses can be looked up.'],
  ])('refuses %j before any request', async (url, message) => {
    await expect(get(url)).rejects.toMatchObject({ code: 'bad_request', message });
  });

  it.each([['http://127.0.0.1/admin'], ['http://169.254.169.254/latest/meta-data/'], ['http://[::1]:8080/']])(
    'refuses the literal private address %s with the default rule, before any request',
    async (url) => {
      const web = createPublicWeb({ contactEmail: 'test@example.org', allowPrivateHosts: false });
      await expect(web.get(url, { ...options, signal: AbortSignal.timeout(1_000) })).rejects.toMatchObject(refused);
    },
  );

  it('answers not found for a host that does not exist', async () => {
    await expect(get('http://nowhere.test/article')).rejects.toMatchObject({ code: 'not_found', message: 'The address nowhere.test could not be found.' });
  });

  it("reaches the same private address for an address that is not a user's (a configured service)", async () => {
    const service = `${hosts.internalUrl.replace('internal.test', '127.0.0.2')}/service`;
    const { response } = await hosts.web.get(service, { ...options, userAddress: false, signal: AbortSignal.timeout(5_000) });
    expect(await response.text()).toBe('internal secrets');
  });
});
