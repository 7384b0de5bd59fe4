import { describe, expect, it } from 'vitest';
import { msUntilNext } from './nightly-backup';

describe('msUntilNext', () => {
  it.each([
    ['2026-11-26T01:00:00Z', '02:00', 3_600_000],
    ['2026-11-26T02:00:00Z', '02:00', 86_400_000],
    ['2026-11-26T23:30:00Z', '00:15', 45 * 60_000],
    ['2026-12-31T23:59:00Z', '00:00', 60_000],
  ])('from %s to the next %s UTC is %d ms', (now, time, want) => expect(msUntilNext(new Date(now), time)).toBe(want));
});
