import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ z: { y: [3, { d: 1, c: 2 }], x: null } }, '{"z":{"x":null,"y":[3,{"c":2,"d":1}]}}'],
    [{ a: undefined, b: 'x' }, '{"b":"x"}'],
    [[1, 'two', true, null], '[1,"two",true,null]'],
    [{ 'é': 1, e: 2, E: 3 }, '{"E":3,"e":2,"é":1}'],
  ])('canonicalJson(%j) is %s', (value, want) => expect(canonicalJson(value)).toBe(want));

  it('gives the same text whatever order the keys were set in', () => {
    expect(canonicalJson({ pk: 'U', sk: 'S', version: 2, fields: { b: 1, a: 1 } })).toBe(canonicalJson({ fields: { a: 1, b: 1 }, version: 2, sk: 'S', pk: 'U' }));
  });

  it.each([
    ['a Set', { tags: new Set(['a']) }, /\$\.tags holds a value JSON cannot keep/],
    ['binary', { data: new Uint8Array([1]) }, /\$\.data holds/],
    ['NaN', { n: Number.NaN }, /\$\.n is not a finite number/],
  ])('refuses %s, naming where it is', (_what, value, message) => expect(() => canonicalJson(value)).toThrow(message));
});
