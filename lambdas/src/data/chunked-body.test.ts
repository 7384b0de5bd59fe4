import { describe, expect, it } from 'vitest';
import { chunkSk, chunksUnderPrefix, joinChunks, splitIntoChunks } from './chunked-body';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('splitIntoChunks', () => {
  it.each([
    ['', 10, ['']],
    ['abc', 10, ['abc']],
    ['abcdefghij', 5, ['abcde', 'fghij']],
    ['abcdefghijk', 5, ['abcde', 'fghij', 'k']],
    // 'é' is 2 bytes and '💊' 4: a cut never falls inside one.
    ['aéb', 2, ['a', 'é', 'b']],
    ['💊💊', 5, ['💊', '💊']],
    ['a💊', 4, ['a', '💊']],
  ])('splits %j into pieces of at most %i bytes: %j', (text, max, want) => {
    expect(splitIntoChunks(text, max)).toEqual(want);
  });

  it('joins back to the same text, every piece within the limit, for mixed scripts of any length', () => {
    const unit = 'Heart failure é ü 心不全 💊 ';
    for (const repeat of [1, 7, 333, 5_000]) {
      const text = unit.repeat(repeat);
      const chunks = splitIntoChunks(text, 1_000);
      expect(joinChunks(chunks)).toBe(text);
      for (const chunk of chunks) expect(bytes(chunk)).toBeLessThanOrEqual(1_000);
      // Backing off to a character's first byte wastes at most 3 bytes per piece.
      expect(chunks.length).toBeLessThanOrEqual(Math.ceil(bytes(text) / 997));
    }
  });
});

describe('chunkSk', () => {
  it("sorts a part's pieces in order and never begins like the head it belongs to", () => {
    const keys = [0, 1, 10, 9999].map((i) => chunkSk('RESOURCE#r1', 'files', i));
    expect(keys).toEqual(['PART#RESOURCE#r1#files#0000', 'PART#RESOURCE#r1#files#0001', 'PART#RESOURCE#r1#files#0010', 'PART#RESOURCE#r1#files#9999']);
    expect([...keys].sort()).toEqual(keys);
    for (const key of keys) expect(key.startsWith('RESOURCE#')).toBe(false);
  });

  it('gives every part of a head its own keys', () => {
    expect(chunkSk('PATIENT#p1', 'fields.events', 0)).not.toBe(chunkSk('PATIENT#p1', 'fields.exam', 0));
    expect(chunkSk('PATIENT#p1', 'notes', 0)).toBe('PART#PATIENT#p1#notes#0000');
  });
});

describe('chunksUnderPrefix', () => {
  it("covers the chunks of every head under a prefix (all of a user's patients), and none of another kind's", () => {
    const prefix = chunksUnderPrefix('PATIENT#');
    expect(chunkSk('PATIENT#p1', 'notes', 0).startsWith(prefix)).toBe(true);
    expect(chunkSk('PATIENT#p2', 'fields.labs', 12).startsWith(prefix)).toBe(true);
    expect(chunkSk('RESOURCE#p1', 'files', 0).startsWith(prefix)).toBe(false);
    expect('PATIENT#p1'.startsWith(prefix)).toBe(false);
  });
});
