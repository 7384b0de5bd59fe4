import { describe, expect, it } from 'vitest';
import { firstRepeat, moveItem, uniqueBy } from './list-items';

describe('moveItem', () => {
  const list = ['a', 'b', 'c', 'd'] as const;

  it('moves an item down and up', () => {
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(list, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('changes nothing for out-of-range indexes or a move onto itself, and never mutates the input', () => {
    for (const [from, to] of [
      [-1, 0],
      [4, 0],
      [0, -1],
      [0, 4],
      [2, 2],
    ] as const) {
      const result = moveItem(list, from, to);
      expect(result).toEqual(list);
      expect(result).not.toBe(list);
    }
  });

  it('moves objects as they are (undefined items included)', () => {
    const items = [{ id: 1 }, undefined, { id: 3 }];
    expect(moveItem(items, 2, 0)).toEqual([{ id: 3 }, { id: 1 }, undefined]);
  });
});

describe('uniqueBy and firstRepeat', () => {
  const items = [
    { label: 'ICU', n: 1 },
    { label: 'Clinic', n: 2 },
    { label: 'ICU', n: 3 },
    { label: 'Clinic', n: 4 },
  ];

  it('keeps the first item of each key, in order', () => {
    expect(uniqueBy(items, (item) => item.label)).toEqual([items[0], items[1]]);
    expect(uniqueBy(['a', 'b', 'a'], (item) => item)).toEqual(['a', 'b']);
    expect(uniqueBy([], (item) => item)).toEqual([]);
  });

  it('names the first repeated key', () => {
    expect(firstRepeat(items, (item) => item.label)).toBe('ICU');
    expect(firstRepeat(['a', 'b', 'c'], (item) => item)).toBeUndefined();
  });
});
