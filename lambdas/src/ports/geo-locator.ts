import type { SessionLocation } from '@chartside/shared';

/** Where an IP address is, from an offline database: no third party learns who signs in from where. */
export interface GeoLocator {
  /** `unknownLocation` when the address is not in the database (loopback, private ranges, malformed). */
  locate(ipAddress: string): Promise<SessionLocation>;
}
