// GeoLite2 city data shipped inside the fast-geoip npm package: no network call, and only the few small files a
// lookup needs are read from disk (geoip-lite would hold the whole database in memory). IPv4 only.
import { BlockList, isIPv4 } from 'node:net';
import fastGeoip from 'fast-geoip';
import { unknownLocation, type SessionLocation } from '@chartside/shared';
import type { GeoLocator } from '../../ports/geo-locator';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

const orUnknown = (value: string | undefined) => (value && value.trim() ? value : 'Unknown');

const countryName = (code: string) => {
  try {
    return orUnknown(countryNames.of(code));
  } catch {
    return orUnknown(code);
  }
};

/**
 * Addresses that are never on the public internet. fast-geoip answers an address between two ranges with the range
 * before it (127.0.0.1 comes out as Japan), so these are refused before the lookup.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}

/** '::ffff:203.0.113.9' (an IPv4 client on a dual-stack socket) -> '203.0.113.9'. */
const plainIpv4 = (address: string) => address.trim().replace(/^::ffff:/i, '');

export const fastGeoipLocator = (): GeoLocator => ({
  async locate(ipAddress) {
    const ip = plainIpv4(ipAddress);
    if (!isIPv4(ip) || notPublic.check(ip, 'ipv4')) return unknownLocation;
    const found = await fastGeoip.lookup(ip);
    if (!found) return unknownLocation;
    const [latitude, longitude] = found.ll;
    const location: SessionLocation = {
      country: found.country ? countryName(found.country) : 'Unknown',
      region: orUnknown(found.region),
      city: orUnknown(found.city),
      timezone: orUnknown(found.timezone),
      coords: Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null,
    };
    return location;
  },
});
