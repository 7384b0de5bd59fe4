// How a login session reads on the Sessions page.
import type { Session, SessionLocation } from '@chartside/shared';

const UNKNOWN = 'Unknown';
const known = (part: string): boolean => Boolean(part) && part !== UNKNOWN;
const capitalize = (word: string): string => word.charAt(0).toLocaleUpperCase() + word.slice(1);

/** 'Chrome on macOS'. */
export const deviceName = ({ device }: Pick<Session, 'device'>): string => {
  const browser = known(device.browser) ? device.browser : 'Unknown browser';
  return known(device.os) ? `${browser} on ${device.os}` : browser;
};

/** 'Desktop · Chrome · macOS'. */
export const deviceDetails = ({ device }: Pick<Session, 'device'>): string =>
  [known(device.type) ? capitalize(device.type) : '', device.browser, device.os].filter(known).join(' · ') || UNKNOWN;

/** 'Lyon, Auvergne-Rhône-Alpes, France'; 'Unknown' when the server could not place the address. */
export const locationName = (location: SessionLocation): string => {
  const parts = [location.city, location.region, location.country].filter(known);
  return parts.filter((part, index) => parts.indexOf(part) === index).join(', ') || UNKNOWN;
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

export const typeName = ({ type }: Pick<Session, 'type'>): string => (type === 'private' ? 'Private (persistent)' : 'Public (auto-expiring)');

export const expiryText = ({ expiresAt }: Pick<Session, 'expiresAt'>): string => (expiresAt ? formatDateTime(expiresAt) : 'When you log out');
