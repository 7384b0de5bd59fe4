// Login sessions (spec sections 3, 4 and 5): private (persistent) or public (auto-expiring) sign-ins on one device.
import * as z from 'zod';
import { MAX_SHORT_TEXT } from '../limits';

export const sessionTypes = ['private', 'public'] as const;
export const SessionType = z.enum(sessionTypes);

/** Public-session expiry presets, in hours; 24 is the default. */
export const expiryPresetHours = [2, 6, 12, 24] as const;
export const DEFAULT_EXPIRY_HOURS = 24;
export const MIN_EXPIRY_HOURS = 1;
export const MAX_EXPIRY_HOURS = 168;
export const MAX_EXPIRY_MINUTES = MAX_EXPIRY_HOURS * 60;

export type ExpiryUnit = 'minutes' | 'hours';

/**
 * A custom expiry as typed: a whole number of minutes (1-10080) or hours (1-168). Returns the hours it stands for,
 * or undefined when the input is not valid (the field is then marked red and continue is disabled).
 */
export const parseCustomExpiry = (input: string, unit: ExpiryUnit): number | undefined => {
  if (!/^\d+$/.test(input.trim())) return undefined;
  const value = Number(input.trim());
  const max = unit === 'minutes' ? MAX_EXPIRY_MINUTES : MAX_EXPIRY_HOURS;
  if (value < 1 || value > max) return undefined;
  return unit === 'minutes' ? value / 60 : value;
};

/**
 * Stored hours are clamped to 1..168 (spec section 5). Minutes arrive already converted to hours, and a custom expiry
 * of a few minutes must keep its length, so the lower clamp is one minute (about 0.017 h), not one hour.
 */
export const clampExpiryHours = (hours: number): number => Math.min(MAX_EXPIRY_HOURS, Math.max(1 / 60, hours));

export const DeviceInfo = z.object({ type: z.string(), browser: z.string(), os: z.string() });
export const SessionLocation = z.object({
  country: z.string(),
  region: z.string(),
  city: z.string(),
  timezone: z.string(),
  coords: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
});
export type SessionLocation = z.infer<typeof SessionLocation>;

export const unknownLocation: SessionLocation = { country: 'Unknown', region: 'Unknown', city: 'Unknown', timezone: 'Unknown', coords: null };

export const Session = z.object({
  sessionId: z.string(),
  createdAt: z.iso.datetime(),
  lastAccess: z.iso.datetime(),
  signedIn: z.boolean(),
  type: SessionType,
  description: z.string(),
  /** When a public session ends; null for a private one. */
  expiresAt: z.iso.datetime().nullable(),
  expirationHours: z.number().nullable(),
  userAgent: z.string(),
  device: DeviceInfo,
  ipAddress: z.string(),
  location: SessionLocation,
  language: z.string(),
  /** True for the session of the browser that asked (the one sending its session id). */
  isCurrentSession: z.boolean(),
});
export type Session = z.infer<typeof Session>;

export const CreateSessionBody = z.strictObject({
  type: SessionType,
  /** Public sessions only: hours until expiry, minutes already converted (clamped to 1 minute..168 hours). */
  expirationHours: z.number().positive().max(MAX_EXPIRY_HOURS).optional(),
  language: z.string().max(35).default(''),
  description: z.string().max(MAX_SHORT_TEXT).default(''),
}).refine((body) => body.type === 'private' || body.expirationHours !== undefined, {
  message: 'A public session needs expirationHours',
  path: ['expirationHours'],
});
export type CreateSessionBody = z.infer<typeof CreateSessionBody>;

/** True when a session can no longer be used: signed out, or public and past its expiry. */
export const sessionHasEnded = (session: Pick<Session, 'signedIn' | 'expiresAt'>, now: Date): boolean =>
  !session.signedIn || (session.expiresAt !== null && Date.parse(session.expiresAt) <= now.getTime());
