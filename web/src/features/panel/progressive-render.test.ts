import { describe, expect, it } from 'vitest';
import { firstCards } from './progressive-render';

describe('firstCards', () => {
  it.each([
    ['a phone', 'cards', 412, 823, 10],
    ['a tablet', 'cards', 800, 1280, 30],
    ['a laptop', 'cards', 1280, 720, 24],
    ['a phone, compact rows', 'compact', 412, 823, 30],
    ['a tiny window', 'cards', 300, 200, 8],
  ] as const)('renders a screenful and then some first on %s', (_screen, layout, width, height, cards) => {
    expect(firstCards(layout, width, height)).toBe(cards);
  });
});
