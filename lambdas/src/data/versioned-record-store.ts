// A versioned record (a resource, a patient) stored as a head item (sk {headPrefix}{id}) with what lists read, plus its
// large fields as named parts beside it (see chunked-body.ts): one part for the plain body fields together, and one per
// key of a keyed body field (a patient's note sections). The head lists the parts (name, item count, the version that
// wrote them). Every write names the version it was based on and bumps it, so an edit from another device is never
// overwritten; it puts only the parts whose content changed and deletes the items no longer listed, in the head's one
// transaction, so an autosave of one section costs that section whatever else the record holds. A read (the head and
// its parts, one Get and Queries sent together) retries until the head and the parts it lists belong to the same write.
// A change that names the body it touches (updateParts) reads and writes only those parts: the head keeps each part's
// size, so the record's whole size is known without reading the rest. This layout replaced one chunked body per record
// before any data was deployed: no stored data needs migrating.
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { AppError, notFound, versionConflict } from '@chartside/shared';
import * as z from 'zod';
import { chunkPrefix, chunkSk, joinChunks, partPrefix, splitIntoChunks } from './chunked-body';
import { isVersionCheckFailure, keys, type Table } from './table';

/** A head must stay well under DynamoDB's 400 KB item limit. */
const MAX_HEAD_BYTES = 350_000;
/** A read (or delete) that raced a write is tried again this many times. */
const READ_ATTEMPTS = 5;

/**
 * One part of a body as the head lists it: its name, how many items hold it, the record version that wrote them, and
 * its text's UTF-8 bytes (missing on a head written before the sizes were kept).
 */
const PartEntry = z.object({
  name: z.string(),
  count: z.number().int().positive(),
  version: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative().optional(),
});
export type PartEntry = z.infer<typeof PartEntry>;

/**
 * What the head records of the body: the parts in the record's order (a list keeps the order of a keyed field's keys),
 * and how many items they take together. A head without them (written by a test) has an empty body.
 */
const BodyManifest = z.object({ bodyParts: z.array(PartEntry).default([]), partCount: z.number().int().nonnegative().default(0) });
export type BodyManifest = z.infer<typeof BodyManifest>;
const NO_BODY: BodyManifest = { bodyParts: [], partCount: 0 };
/** Head attributes that describe the stored layout rather than the record. */
const LAYOUT_ATTRIBUTES = ['pk', 'sk', 'bodyParts', 'partCount'];

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface VersionedRecord {
  id: string;
  version: number;
}

/** How one kind of record is laid out in the table. */
export interface RecordLayout<T extends VersionedRecord, B extends keyof T> {
  /** 'resource', 'patient': names the record in messages ("That resource was not found."). */
  noun: string;
  /** The head's sort key is this prefix followed by the id (e.g. keys.resource('')). */
  headPrefix: string;
  /** The fields kept as parts beside the head rather than on it. */
  bodyFields: readonly B[];
  /** Body fields that are maps (a patient's note sections): each key is its own part, so a save rewrites only the keys that changed. */
  keyedBodyFields?: readonly B[];
  /** How one key of a keyed field is read from its stored JSON text (a patient's damaged section); JSON.parse by default. */
  readKeyedEntry?: (text: string) => unknown;
  schema: z.ZodType<T>;
  /** What a head written with fewer attributes (by a test, or before a field existed) reads as. */
  missingAttributes: () => Omit<T, 'id'>;
  /** Attributes only lists read, derived from the record and stored on the head (e.g. a resource's file count). */
  listOnlyAttributes?: Record<string, (record: T) => unknown>;
  /** Other items of the record deleted with it (e.g. a patient's time tracking). */
  companionSks?: (id: string) => string[];
  /** The 413 when the head part of a record would not fit in one item. */
  headTooLarge: (record: T) => AppError;
}

export interface StoredRecord<T> {
  record: T;
  body: BodyManifest;
  /** The text of every part read (name -> JSON text): a write compares against it instead of serializing the record again. */
  partTexts: ReadonlyMap<string, string>;
}

/** What a write knows of the stored copy: the parts the head lists and, after a read, their texts, to tell which parts changed. */
export interface StoredBody {
  body: BodyManifest;
  partTexts?: ReadonlyMap<string, string>;
}

/** The names of the parts a read or write covers; undefined for all of them. */
type PartScope = ReadonlySet<string> | undefined;
const inScope = (scope: PartScope, name: string) => scope === undefined || scope.has(name);

const isKeyed = <T extends VersionedRecord, B extends keyof T>(layout: RecordLayout<T, B>, field: B) => layout.keyedBodyFields?.includes(field) ?? false;

/** The part holding the plain (not keyed) body fields together, as one JSON object. */
const PLAIN_PART = 'body';

/**
 * The body of `record` as named parts, in the record's order: name -> JSON text. The plain body fields share one part
 * (`body`); each key of a keyed field is a part of its own (`{field}.{key}`).
 */
export const bodyPartsOf = <T extends VersionedRecord, B extends keyof T>(layout: RecordLayout<T, B>, record: T): Map<string, string> => {
  const plain = layout.bodyFields.filter((field) => !isKeyed(layout, field));
  const parts = new Map<string, string>();
  if (plain.length > 0) parts.set(PLAIN_PART, JSON.stringify(Object.fromEntries(plain.map((field) => [field, record[field]]))));
  for (const field of layout.keyedBodyFields ?? []) {
    for (const [key, entry] of Object.entries(record[field] ?? {})) if (entry !== undefined) parts.set(`${String(field)}.${key}`, JSON.stringify(entry));
  }
  return parts;
};

/** The names of the parts that hold what `body` sets: the plain part if it sets a plain field, and a part per key it sets. */
export const partNamesOf = <T extends VersionedRecord, B extends keyof T>(layout: RecordLayout<T, B>, body: Partial<Pick<T, B>>): Set<string> => {
  const names = new Set<string>();
  for (const field of layout.bodyFields) {
    const value = body[field];
    if (value === undefined) continue;
    if (!isKeyed(layout, field)) names.add(PLAIN_PART);
    else for (const key of Object.keys(value as object)) names.add(`${String(field)}.${key}`);
  }
  return names;
};

/**
 * The UTF-8 bytes the parts outside `scope` add to `record` as JSON, when `record` holds only the parts in scope (the
 * plain fields at their defaults when the plain part is outside): a key's part adds its key, its text and a colon and
 * comma (one byte more than the JSON when its map is otherwise empty); the plain part adds its text in place of the
 * defaults'. Undefined when the head does not record a size it needs.
 */
export const bytesOutside = <T extends VersionedRecord, B extends keyof T>(layout: RecordLayout<T, B>, body: BodyManifest, scope: ReadonlySet<string>, record: T) => {
  let total = 0;
  for (const part of body.bodyParts) {
    if (scope.has(part.name)) continue;
    if (part.bytes === undefined) return undefined;
    if (part.name === PLAIN_PART) total += part.bytes - Buffer.byteLength(bodyPartsOf(layout, record).get(PLAIN_PART) ?? '');
    else total += Buffer.byteLength(JSON.stringify(part.name.slice(part.name.indexOf('.') + 1))) + 2 + part.bytes;
  }
  return total;
};

/** The body fields back from their parts' texts (the inverse of bodyPartsOf); a keyed field without parts is {}. */
export const bodyFromParts = <T extends VersionedRecord, B extends keyof T>(layout: RecordLayout<T, B>, texts: ReadonlyMap<string, string>) => {
  const keyed = new Map((layout.keyedBodyFields ?? []).map((field): [string, Record<string, unknown>] => [String(field), {}]));
  let plain: object = {};
  for (const [name, text] of texts) {
    if (name === PLAIN_PART) {
      plain = JSON.parse(text) as object;
      continue;
    }
    const dot = name.indexOf('.');
    const entries = keyed.get(name.slice(0, Math.max(dot, 0)));
    if (entries) entries[name.slice(dot + 1)] = layout.readKeyedEntry ? layout.readKeyedEntry(text) : JSON.parse(text);
  }
  return { ...plain, ...Object.fromEntries(keyed) } as Partial<Pick<T, B>>;
};

/** The head item's attributes (without pk and sk): everything but the body, plus the list-only attributes and the parts list. */
export const headOf = <T extends VersionedRecord, B extends keyof T>(layout: RecordLayout<T, B>, record: T, body: BodyManifest) => {
  const bodyFields = new Set<PropertyKey>(layout.bodyFields);
  const head: Record<string, unknown> = Object.fromEntries(Object.entries(record).filter(([name]) => !bodyFields.has(name)));
  for (const [name, derive] of Object.entries(layout.listOnlyAttributes ?? {})) head[name] = derive(record);
  return { ...head, bodyParts: body.bodyParts, partCount: body.partCount };
};

/** Throws the layout's 413 when the head part of `record` would not fit in one item. */
export const assertHeadFits = <T extends VersionedRecord, B extends keyof T>(layout: RecordLayout<T, B>, record: T) => {
  if (new TextEncoder().encode(JSON.stringify(headOf(layout, record, NO_BODY))).length > MAX_HEAD_BYTES) throw layout.headTooLarge(record);
};

type QueryExtra = Pick<QueryCommandInput, 'ProjectionExpression' | 'ExpressionAttributeNames'>;

/** Every item of the user whose sort key begins with `prefix`, page by page. */
export const queryUnder = async (table: Table, userId: string, prefix: string, extra: QueryExtra): Promise<Record<string, unknown>[]> =>
  queryAll(table, { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': prefix }, ...extra });

/** Where queryUnderInRanges cuts the keys after the prefix: ids are random UUIDs, so each range holds about a quarter. */
const RANGE_STARTS = ['4', '8', 'c'];

/**
 * As queryUnder, read as four ranges of sort keys at once (DynamoDB Local answered 500 patient heads in ~70 ms as one
 * query and ~55 ms as four; DynamoDB reads them in parallel too). The ranges cover every key under the prefix however
 * its ids are spelled; a key on a boundary is in two, and read once (so the projection must name `sk`).
 */
export const queryUnderInRanges = async (table: Table, userId: string, prefix: string, extra: QueryExtra): Promise<Record<string, unknown>[]> => {
  // The first key after every key under the prefix: its last character, one higher.
  const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  const bounds = [prefix, ...RANGE_STARTS.map((start) => prefix + start), end];
  const ranges = await Promise.all(
    bounds.slice(1).map((to, i) =>
      queryAll(table, { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': keys.user(userId), ':from': bounds[i], ':to': to }, ...extra }),
    ),
  );
  const bySk = new Map(ranges.flat().map((item) => [String(item.sk), item]));
  return [...bySk.values()].filter((item) => String(item.sk).startsWith(prefix));
};

const queryAll = async (table: Table, query: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> => {
  const input: QueryCommandInput = { TableName: table.name, ...query };
  const items: Record<string, unknown>[] = [];
  do {
    const page = await table.client.send(new QueryCommand(input));
    items.push(...(page.Items ?? []));
    input.ExclusiveStartKey = page.LastEvaluatedKey;
  } while (input.ExclusiveStartKey);
  return items;
};

/**
 * The text of every part in scope the head lists, from the part items found: name -> text. Undefined when the items are
 * not exactly the ones the head lists (they were read on the other side of a write): the caller reads both again.
 */
const partTexts = (sk: string, body: BodyManifest, scope: PartScope, items: ReadonlyMap<string, Record<string, unknown>>): Map<string, string> | undefined => {
  const listed = body.bodyParts.reduce((sum, part) => sum + part.count, 0);
  const parts = body.bodyParts.filter((part) => inScope(scope, part.name));
  if (listed !== body.partCount || items.size !== parts.reduce((sum, part) => sum + part.count, 0)) return undefined;
  const texts = new Map<string, string>();
  for (const part of parts) {
    const pieces: string[] = [];
    for (let index = 0; index < part.count; index += 1) {
      const item = items.get(chunkSk(sk, part.name, index));
      if (item?.version !== part.version || typeof item.data !== 'string') return undefined;
      pieces.push(item.data);
    }
    texts.set(part.name, joinChunks(pieces));
  }
  return texts;
};

export class VersionedRecordStore<T extends VersionedRecord, B extends keyof T> {
  constructor(
    private readonly table: Table,
    private readonly layout: RecordLayout<T, B>,
  ) {}

  private headSk(id: string) {
    return `${this.layout.headPrefix}${id}`;
  }

  /**
   * The head and its body (the parts in `scope`, all by default), read consistently and consistent with each other;
   * undefined when the user has no such record. The head and the parts are read at the same time: every write stamps the
   * parts it puts with the new version and lists them on the head, so a pair caught on either side of a write does not
   * match, and is read again.
   */
  async read(userId: string, id: string, scope?: PartScope): Promise<StoredRecord<T> | undefined> {
    const pk = keys.user(userId);
    const sk = this.headSk(id);
    const prefixes = scope === undefined ? [chunkPrefix(sk)] : [...scope].map((name) => partPrefix(sk, name));
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt += 1) {
      const [{ Item }, ...found] = await Promise.all([
        this.table.client.send(new GetCommand({ TableName: this.table.name, Key: { pk, sk }, ConsistentRead: true })),
        ...prefixes.map((prefix) => this.queryParts(pk, prefix)),
      ]);
      if (!Item) return undefined;
      const body = BodyManifest.parse(Item);
      const texts = partTexts(sk, body, scope, new Map(found.flatMap((items) => [...items])));
      if (texts === undefined) continue;
      const head: Record<string, unknown> = { ...Item };
      for (const name of [...LAYOUT_ATTRIBUTES, ...Object.keys(this.layout.listOnlyAttributes ?? {})]) delete head[name];
      const record = this.layout.schema.parse({ ...this.layout.missingAttributes(), ...head, ...bodyFromParts(this.layout, texts), id });
      return { record, body, partTexts: texts };
    }
    throw new AppError('unavailable', `This ${this.layout.noun} is being changed right now. Try again in a moment.`);
  }

  /** Every part item under `prefix` (all of one head's, or one part's), by sort key, in one consistent query. */
  private async queryParts(pk: string, prefix: string): Promise<Map<string, Record<string, unknown>>> {
    const input: QueryCommandInput = {
      TableName: this.table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      ConsistentRead: true,
    };
    const items = new Map<string, Record<string, unknown>>();
    do {
      const page = await this.table.client.send(new QueryCommand(input));
      for (const item of page.Items ?? []) items.set(String(item.sk), item);
      input.ExclusiveStartKey = page.LastEvaluatedKey;
    } while (input.ExclusiveStartKey);
    return items;
  }

  /** The stored version and the parts its head lists alone (no body read); undefined when the user has no such record. */
  async readVersion(userId: string, id: string): Promise<{ version: number; body: BodyManifest } | undefined> {
    const { Item } = await this.table.client.send(
      new GetCommand({
        TableName: this.table.name,
        Key: { pk: keys.user(userId), sk: this.headSk(id) },
        ProjectionExpression: '#version, bodyParts, partCount',
        ExpressionAttributeNames: { '#version': 'version' },
        ConsistentRead: true,
      }),
    );
    if (!Item) return undefined;
    return { version: typeof Item.version === 'number' ? Item.version : 0, body: BodyManifest.parse(Item) };
  }

  async create(userId: string, record: T): Promise<void> {
    await this.write(userId, record, undefined);
  }

  /**
   * Applies `change` to the record if it is still at `expectedVersion`: 404 when missing, 409 when another write came
   * first. The result is stored with the version bumped; returns the record before and after.
   */
  async update(userId: string, id: string, expectedVersion: number, change: (current: T) => T | Promise<T>): Promise<{ before: T; after: T }> {
    const stored = await this.read(userId, id);
    if (!stored) throw notFound(`That ${this.layout.noun}`);
    if (stored.record.version !== expectedVersion) throw versionConflict(`This ${this.layout.noun}`);
    const after: T = { ...(await change(stored.record)), id, version: expectedVersion + 1 };
    await this.write(userId, after, stored);
    return { before: stored.record, after };
  }

  /**
   * Like update, for a change of the head and of the body `touched` sets (a patient's autosave of one section): only
   * the head and those parts are read and written, every other part stays as stored, so the save costs what it changed
   * whatever else the record holds. `change` sees the record with only those parts in its body, and the bytes the other
   * parts add to it as JSON (for the size limit); it must change no other part of the body. A head that does not record
   * its parts' sizes is read and written whole. Returns the record after the change, without its body.
   */
  async updateParts(
    userId: string,
    id: string,
    expectedVersion: number,
    touched: Partial<Pick<T, B>>,
    change: (current: T, bytesElsewhere: number) => T,
  ): Promise<Omit<T, B>> {
    const scope = partNamesOf(this.layout, touched);
    const stored = await this.read(userId, id, scope);
    if (!stored) throw notFound(`That ${this.layout.noun}`);
    const bytesElsewhere = bytesOutside(this.layout, stored.body, scope, stored.record);
    if (bytesElsewhere === undefined) return this.withoutBody((await this.update(userId, id, expectedVersion, (current) => change(current, 0))).after);
    if (stored.record.version !== expectedVersion) throw versionConflict(`This ${this.layout.noun}`);
    const after: T = { ...change(stored.record, bytesElsewhere), id, version: expectedVersion + 1 };
    await this.write(userId, after, stored, scope);
    return this.withoutBody(after);
  }

  private withoutBody(record: T): Omit<T, B> {
    const head: Partial<T> = { ...record };
    for (const field of this.layout.bodyFields) delete head[field];
    return head as Omit<T, B>;
  }

  /** Deletes the record, its parts and its companion items; returns what was deleted, or undefined when it was not there. */
  async remove(userId: string, id: string): Promise<T | undefined> {
    const pk = keys.user(userId);
    const sk = this.headSk(id);
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt += 1) {
      const stored = await this.read(userId, id);
      if (!stored) return undefined;
      try {
        await this.table.client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: this.table.name,
                  Key: { pk, sk },
                  ConditionExpression: '#version = :version',
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':version': stored.record.version },
                },
              },
              ...(this.layout.companionSks?.(id) ?? []).map((companion) => ({ Delete: { TableName: this.table.name, Key: { pk, sk: companion } } })),
              ...stored.body.bodyParts.flatMap((part) => this.pieceDeletes(pk, sk, part.name, 0, part.count)),
            ],
          }),
        );
        return stored.record;
      } catch (error) {
        // Changed between the read and the delete (e.g. by the tag manager): read it again and delete that.
        if (!isVersionCheckFailure(error)) throw error;
      }
    }
    throw versionConflict(`This ${this.layout.noun}`);
  }

  /** Deletes for the items of one part from piece `from` up to (not including) `to`. */
  private pieceDeletes(pk: string, sk: string, part: string, from: number, to: number): TransactItem[] {
    return Array.from({ length: Math.max(0, to - from) }, (_, i) => ({ Delete: { TableName: this.table.name, Key: { pk, sk: chunkSk(sk, part, from + i) } } }));
  }

  /**
   * One transaction: the head, a Put per item of every part whose content changed, and a Delete per item no longer
   * listed; when no part changed, the head alone as one conditional Put (a transaction costs DynamoDB twice the work).
   * With a `previous` copy the head must still be at the version before `record.version` (409 otherwise); without one
   * it must be new. A previous copy without its part texts (an import) has every part rewritten. Parts outside `scope`
   * stay as stored, whatever `record` holds for them. Parts keep their stored order, new ones follow in the record's.
   * The transaction stays under DynamoDB's 100 items: a patient has at most 41 parts and 4 MB, so at most 41 + 2 x 12
   * extra pieces of 350 KB are put or deleted.
   */
  async write(userId: string, record: T, previous: StoredBody | undefined, scope?: PartScope): Promise<void> {
    const pk = keys.user(userId);
    const sk = this.headSk(record.id);
    const parts = new Map([...bodyPartsOf(this.layout, record)].filter(([name]) => inScope(scope, name)));
    const bodyParts: PartEntry[] = [];
    const writes: TransactItem[] = [];
    const keepOrPut = (name: string, text: string, storedPart: PartEntry | undefined) => {
      if (storedPart && previous?.partTexts?.get(name) === text) {
        bodyParts.push({ ...storedPart, bytes: storedPart.bytes ?? Buffer.byteLength(text) });
        return;
      }
      const pieces = splitIntoChunks(text);
      for (const [index, data] of pieces.entries()) writes.push({ Put: { TableName: this.table.name, Item: { pk, sk: chunkSk(sk, name, index), data, version: record.version } } });
      writes.push(...this.pieceDeletes(pk, sk, name, pieces.length, storedPart?.count ?? 0));
      bodyParts.push({ name, count: pieces.length, version: record.version, bytes: Buffer.byteLength(text) });
    };
    const stored = new Set<string>();
    for (const storedPart of previous?.body.bodyParts ?? []) {
      stored.add(storedPart.name);
      const text = parts.get(storedPart.name);
      if (!inScope(scope, storedPart.name)) bodyParts.push(storedPart);
      else if (text === undefined) writes.push(...this.pieceDeletes(pk, sk, storedPart.name, 0, storedPart.count));
      else keepOrPut(storedPart.name, text, storedPart);
    }
    for (const [name, text] of parts) if (!stored.has(name)) keepOrPut(name, text, undefined);
    const body: BodyManifest = { bodyParts, partCount: bodyParts.reduce((sum, part) => sum + part.count, 0) };
    assertHeadFits(this.layout, record);
    const headPut = {
      TableName: this.table.name,
      Item: { pk, sk, ...headOf(this.layout, record, body) },
      ...(previous === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':expected': record.version - 1 },
          }),
    };
    try {
      if (writes.length === 0) await this.table.client.send(new PutCommand(headPut));
      else await this.table.client.send(new TransactWriteCommand({ TransactItems: [{ Put: headPut }, ...writes] }));
    } catch (error) {
      if (isVersionCheckFailure(error)) throw versionConflict(`This ${this.layout.noun}`);
      throw error;
    }
  }
}
