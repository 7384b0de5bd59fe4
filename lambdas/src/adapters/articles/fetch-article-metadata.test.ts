// The outbound guard: in the cloud an article page on a private, loopback or link-local address is never fetched.
import { describe, expect, it } from 'vitest';
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
