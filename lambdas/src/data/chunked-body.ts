// A large body (a resource's sections, a patient's notes) split over several items next to its head item, so no item
// nears DynamoDB's 400 KB limit. Chunks live under `PART#{headSk}#{index}`: a prefix that never begins like a head's sort
// key, so queries for heads (begins_with RESOURCE#) never see them. Every chunk carries the head's `bodyVersion`, so a
// reader can tell a complete body from one caught between two writes.
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Table } from './table';

/** Bytes of body text per chunk item: well under 400 KB with the keys and attribute names. */
export const CHUNK_BYTES = 350_000;

/** Where a body's chunks are stored; the head records how many there are and which write made them. */
export interface BodyPointer {
  partCount: number;
  bodyVersion: number;
}

export const chunkPrefix = (headSk: string) => `PART#${headSk}#`;
/** The prefix every chunk of every head whose sort key begins with `headPrefix` shares (e.g. all of a user's patients). */
export const chunksUnderPrefix = (headPrefix: string) => `PART#${headPrefix}`;
export const chunkSk = (headSk: string, index: number) => `${chunkPrefix(headSk)}${String(index).padStart(4, '0')}`;

/** Splits text into pieces of at most `maxBytes` UTF-8 bytes, never inside a character. '' gives one empty piece. */
export const splitIntoChunks = (text: string, maxBytes = CHUNK_BYTES): string[] => {
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

/**
 * The transaction items that store `body` as the chunks of one head: a Put per chunk, and a Delete for every chunk of the
 * previous body beyond the new count (the others are overwritten).
 */
export const chunkWrites = (table: Table, pk: string, headSk: string, body: string, bodyVersion: number, previousPartCount: number) => {
  const chunks = splitIntoChunks(body);
  const puts = chunks.map((data, index) => ({
    Put: { TableName: table.name, Item: { pk, sk: chunkSk(headSk, index), data, bodyVersion } },
  }));
  const deletes = Array.from({ length: Math.max(0, previousPartCount - chunks.length) }, (_, i) => ({
    Delete: { TableName: table.name, Key: { pk, sk: chunkSk(headSk, chunks.length + i) } },
  }));
  return { pointer: { partCount: chunks.length, bodyVersion } satisfies BodyPointer, writes: [...puts, ...deletes] };
};

/** Deletes for every chunk of a body (when its head goes). */
export const chunkDeletes = (table: Table, pk: string, headSk: string, partCount: number) =>
  Array.from({ length: partCount }, (_, index) => ({ Delete: { TableName: table.name, Key: { pk, sk: chunkSk(headSk, index) } } }));

/**
 * Reads the body a head points at, with consistent reads. Undefined when the chunks found are not exactly the ones the
 * head names (a write landed between reading the head and its chunks): the caller reads both again.
 */
export const readChunks = async (table: Table, pk: string, headSk: string, pointer: BodyPointer): Promise<string | undefined> => {
  const input: QueryCommandInput = {
    TableName: table.name,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': chunkPrefix(headSk) },
    ConsistentRead: true,
  };
  const chunks: string[] = [];
  do {
    const page = await table.client.send(new QueryCommand(input));
    for (const item of page.Items ?? []) {
      if (item.bodyVersion !== pointer.bodyVersion || typeof item.data !== 'string') return undefined;
      chunks.push(item.data);
    }
    input.ExclusiveStartKey = page.LastEvaluatedKey;
  } while (input.ExclusiveStartKey);
  return chunks.length === pointer.partCount ? joinChunks(chunks) : undefined;
};
