// The article page is a user's address: it is fetched through the public-web guard, redirects included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHostsDouble, type WebHostsDouble } from '../../test/web-hosts-double';
import { createPublicWeb } from '../public-web/public-web';
import { fetchArticleMetadata } from './fetch-article-metadata';

const services = { crossrefUrl: 'http://127.0.0.1:9', unpaywallUrl: 'http://127.0.0.1:9', contactEmail: 'test@example.org' };
const refused = { code: 'bad_request', message: 'That address is not on the public internet, so it cannot be looked up.' };

describe('fetchArticleMetadata lookup', () => {
  const metadata = fetchArticleMetadata({ ...services, timeoutMs: 1_000, web: createPublicWeb({ contactEmail: 'test@example.org', allowPrivateHosts: false }) });

  it.each([['http://127.0.0.1/admin'], ['http://169.254.169.254/latest/meta-data/'], ['http://[::1]:8080/'], ['http://localhost/']])(
    'refuses %s before any request is made',
    async (url) => {
      await expect(metadata.lookup(url)).rejects.toMatchObject(refused);
    },
  );
});

describe('fetchArticleMetadata connects only to public addresses', () => {
  let hosts: WebHostsDouble;
  const metadata = () => fetchArticleMetadata({ ...services, timeoutMs: 5_000, web: hosts.web });

  beforeAll(async () => {
    hosts = await startWebHostsDouble((_request, response) => {
      response.end('<html><head><meta name="citation_title" content="A public article"></head></html>');
    });
  });
  afterAll(() => hosts.close());

  it('reads a page on a public address', async () => {
    await expect(metadata().lookup(`${hosts.publicUrl}/article`)).resolves.toMatchObject({ title: 'A public article' });
  });

  it('refuses a host whose lookup answers a private address, at connect time', async () => {
    await expect(metadata().lookup(`${hosts.internalUrl}/secret`)).rejects.toMatchObject(refused);
    expect(hosts.privateHits).toEqual([]);
  });

  it.each([['/to-internal-host'], ['/to-internal-ip']])('refuses a redirect from a public host to a private address (%s)', async (path) => {
    await expect(metadata().lookup(`${hosts.publicUrl}${path}`)).rejects.toMatchObject(refused);
    expect(hosts.privateHits).toEqual([]);
  });

  it('answers not found for a host that does not exist', async () => {
    await expect(metadata().lookup('http://nowhere.test/article')).rejects.toMatchObject({ code: 'not_found', message: 'The address nowhere.test could not be found.' });
  });
});
