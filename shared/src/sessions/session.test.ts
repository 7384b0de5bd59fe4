import { describe, expect, it } from 'vitest';
import { CreateSessionBody, clampExpiryHours, parseCustomExpiry, sessionHasEnded } from './session';

describe('parseCustomExpiry', () => {
  it.each([
    ['1', 'minutes', 1 / 60],
    ['90', 'minutes', 1.5],
    ['10080', 'minutes', 168],
    ['1', 'hours', 1],
    ['168', 'hours', 168],
    [' 12 ', 'hours', 12],
    ['0', 'minutes', undefined],
    ['10081', 'minutes', undefined],
    ['169', 'hours', undefined],
    ['0', 'hours', undefined],
    ['1.5', 'hours', undefined],
    ['-3', 'hours', undefined],
    ['', 'hours', undefined],
    ['abc', 'minutes', undefined],
    ['1e2', 'minutes', undefined],
  ] as const)('parseCustomExpiry(%j, %s) is %j', (input, unit, want) => expect(parseCustomExpiry(input, unit)).toBe(want));
});

describe('clampExpiryHours', () => {
  it.each([
    [0, 1 / 60],
    [1 / 60, 1 / 60],
    [24, 24],
    [500, 168],
  ])('clampExpiryHours(%j) is %j', (hours, want) => expect(clampExpiryHours(hours)).toBe(want));
});

describe('CreateSessionBody', () => {
  it('needs an expiry for a public session only', () => {
    expect(CreateSessionBody.safeParse({ type: 'private' }).success).toBe(true);
    expect(CreateSessionBody.safeParse({ type: 'public' }).success).toBe(false);
    expect(CreateSessionBody.safeParse({ type: 'public', expirationHours: 2 }).success).toBe(true);
    expect(CreateSessionBody.safeParse({ type: 'public', expirationHours: 169 }).success).toBe(false);
  });
});

describe('sessionHasEnded', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    [{ signedIn: true, expiresAt: null }, false],
    [{ signedIn: false, expiresAt: null }, true],
    [{ signedIn: true, expiresAt: '2026-11-22T12:00:01.000Z' }, false],
    [{ signedIn: true, expiresAt: '2026-11-22T12:00:00.000Z' }, true],
  ])('sessionHasEnded(%j) is %j', (session, want) => expect(sessionHasEnded(session, now)).toBe(want));
});
