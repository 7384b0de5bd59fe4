// A record's large fields stored beside its head item as named parts (a patient's note section, a resource's files), each
// split over as many items as it needs, so no item nears DynamoDB's 400 KB limit and a save rewrites only the parts it
// changed. A part's items live under `PART#{headSk}#{part}#{index}`: a prefix that never begins like a head's sort key, so
// queries for heads (begins_with RESOURCE#) never see them.

/** Bytes of part text per item: well under 400 KB with the keys and attribute names. */
export const CHUNK_BYTES = 350_000;

export const chunkPrefix = (headSk: string) => `PART#${headSk}#`;
/** The prefix every part of every head whose sort key begins with `headPrefix` shares (e.g. all of a user's patients). */
export const chunksUnderPrefix = (headPrefix: string) => `PART#${headPrefix}`;
/** The prefix of every item of one part. */
export const partPrefix = (headSk: string, part: string) => `${chunkPrefix(headSk)}${part}#`;
/** The item holding piece `index` of one part; the fixed-width index keeps a part's pieces in order. */
export const chunkSk = (headSk: string, part: string, index: number) => `${partPrefix(headSk, part)}${String(index).padStart(4, '0')}`;

/** Splits text into pieces of at most `maxBytes` UTF-8 bytes, never inside a character. '' gives one empty piece. */
export const splitIntoChunks = (text: string, maxBytes = CHUNK_BYTES): string[] => {
  // Most parts fit in one item: counting their bytes is cheaper than encoding them.
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return [text];
  const bytes = new TextEncoder().encode(text);
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  let start = 0;
  do {
    let end = Math.min(start + maxBytes, bytes.length);
    // Back off to the first byte of a character: continuation bytes look like 10xxxxxx.
    while (end < bytes.length && end > start && (bytes[end]! & 0xc0) === 0x80) end -= 1;
    chunks.push(decoder.decode(bytes.subarray(start, end)));
    start = end;
  } while (start < bytes.length);
  return chunks;
};

export const joinChunks = (chunks: readonly string[]) => chunks.join('');
