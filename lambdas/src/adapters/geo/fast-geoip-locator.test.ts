import { unknownLocation } from '@chartside/shared';
import { describe, expect, it } from 'vitest';
import { fastGeoipLocator } from './fast-geoip-locator';

describe('fastGeoipLocator', () => {
  const geo = fastGeoipLocator();

  it('finds a public IPv4 address in the bundled database, with the country spelled out', async () => {
    const location = await geo.locate('8.8.8.8');
    expect(location.country).toBe('United States');
    expect(location.timezone).toMatch(/^America\//);
    expect(location.coords).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
  });

  it('reads an IPv4 address written as IPv6 (a dual-stack socket)', async () => {
    expect((await geo.locate('::ffff:8.8.8.8')).country).toBe('United States');
  });

  it.each([['127.0.0.1'], ['::1'], ['10.1.2.3'], ['192.168.1.20'], ['2001:db8::1'], ['not an ip'], ['']])('answers Unknown for %j', async (ip) => {
    expect(await geo.locate(ip)).toEqual(unknownLocation);
  });
});
