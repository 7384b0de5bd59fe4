import { unknownLocation } from '@chartside/shared';
import { describe, expect, it } from 'vitest';
import { deviceDetails, deviceName, locationName } from './session-format';

const device = (type: string, browser: string, os: string) => ({ device: { type, browser, os } });

describe('session-format', () => {
  it.each([
    [device('desktop', 'Chrome', 'macOS'), 'Chrome on macOS'],
    [device('mobile', 'Safari', 'Unknown'), 'Safari'],
    [device('Unknown', 'Unknown', 'Unknown'), 'Unknown browser'],
  ])('deviceName(%j) is %j', (session, want) => expect(deviceName(session)).toBe(want));

  it.each([
    [device('desktop', 'Chrome', 'macOS'), 'Desktop · Chrome · macOS'],
    [device('tablet', 'Unknown', 'iPadOS'), 'Tablet · iPadOS'],
    [device('Unknown', 'Unknown', 'Unknown'), 'Unknown'],
  ])('deviceDetails(%j) is %j', (session, want) => expect(deviceDetails(session)).toBe(want));

  it.each([
    [{ ...unknownLocation, city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'France' }, 'Lyon, Auvergne-Rhône-Alpes, France'],
    [{ ...unknownLocation, city: 'Singapore', region: 'Singapore', country: 'Singapore' }, 'Singapore'],
    [{ ...unknownLocation, country: 'Canada' }, 'Canada'],
    [unknownLocation, 'Unknown'],
  ])('locationName(%j) is %j', (location, want) => expect(locationName(location)).toBe(want));
});
