import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it.each([
    [0, 0, 500],
    [0, 1, 1_000],
    [3, 1, 8_000],
    [10, 1, 30_000],
    [10, 0, 15_000],
  ])('attempt %i with random %d waits %i ms', (attempt, random, want) =>
    expect(backoffDelay(attempt, { initialMs: 1_000, maxMs: 30_000 }, () => random)).toBe(want));
});
