import { describe, expect, it } from 'vitest';
import { cleanableReason, ownerOfObject } from './cleanable';

const now = new Date('2026-11-26T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * 3600_000);

describe('cleanableReason', () => {
  it.each([
    ['an unreferenced file older than an hour', 'userContent/u1/a.pdf', 2, false, 'unreferenced'],
    ['an unreferenced file younger than an hour (an upload on its way)', 'userContent/u1/a.pdf', 0.5, false, undefined],
    ['a referenced file, however old', 'userContent/u1/a.pdf', 1000, true, undefined],
    ['a temporary upload older than a day', 'userContent/u1/temp/a.txt', 25, true, 'temporary'],
    ['a temporary upload younger than a day, unreferenced', 'userContent/u1/temp/a.txt', 23, false, undefined],
    ['a key outside userContent', 'backups/a.json', 1000, false, undefined],
  ] as const)('%s: %j', (_what, key, hours, referenced, want) => expect(cleanableReason({ key, storedAt: ago(hours) }, referenced, now)).toBe(want));
});

it.each([
  ['userContent/u1/a.pdf', 'u1'],
  ['userContent/u1/temp/a.pdf', 'u1'],
  ['userContent/u1', undefined],
  ['other/u1/a.pdf', undefined],
])('ownerOfObject(%j) is %j', (key, want) => expect(ownerOfObject(key)).toBe(want));
