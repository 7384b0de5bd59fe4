// A versioned record (a resource, a patient) stored as a head item (sk {headPrefix}{id}) with what lists read, plus a
// chunked body beside it for the large fields. Every write names the version it was based on and bumps it, so an edit
// from another device is never overwritten; a read retries until head and body belong to the same write.
import { GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { AppError, notFound, versionConflict } from '@chartside/shared';
import { z } from 'zod';
import { chunkDeletes, chunkWrites, readChunks, type BodyPointer } from './chunked-body';
import { isVersionCheckFailure, keys, type Table } from './table';

/** A head must stay well under DynamoDB's 400 KB item limit. */
const MAX_HEAD_BYTES = 350_000;
/** A read (or delete) that raced a write is tried again this many times. */
const READ_ATTEMPTS = 5;

const Pointer = z.object({ partCount: z.number().int().nonnegative(), bodyVersion: z.number().int().nonnegative() });
/** What a head without a body (written before the record had one, or by a test) points at: an empty body. */
const NO_BODY: BodyPointer = { partCount: 0, bodyVersion: 0 };

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
  /** The fields kept in the chunked body rather than on the head. */
  bodyFields: readonly B[];
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
  pointer: BodyPointer;
}

const bodyOf = <T extends VersionedRecord, B extends keyof T>(layout: RecordLayout<T, B>, record: T): Pick<T, B> =>
  Object.fromEntries(layout.bodyFields.map((field) => [field, record[field]])) as Pick<T, B>;

/** The head item's attributes (without pk and sk): everything but the body, plus the list-only attributes and the pointer. */
export const headOf = <T extends VersionedRecord, B extends keyof T>(layout: RecordLayout<T, B>, record: T, pointer: BodyPointer) => {
  const bodyFields = new Set<PropertyKey>(layout.bodyFields);
  const head: Record<string, unknown> = Object.fromEntries(Object.entries(record).filter(([name]) => !bodyFields.has(name)));
  for (const [name, derive] of Object.entries(layout.listOnlyAttributes ?? {})) head[name] = derive(record);
  return { ...head, ...pointer };
};

/** Throws the layout's 413 when the head part of `record` would not fit in one item. */
export const assertHeadFits = <T extends VersionedRecord, B extends keyof T>(layout: RecordLayout<T, B>, record: T) => {
  if (new TextEncoder().encode(JSON.stringify(headOf(layout, record, NO_BODY))).length > MAX_HEAD_BYTES) throw layout.headTooLarge(record);
};

/** Every item of the user whose sort key begins with `prefix`, page by page. */
export const queryUnder = async (
  table: Table,
  userId: string,
  prefix: string,
  extra: Pick<QueryCommandInput, 'ProjectionExpression' | 'ExpressionAttributeNames'>,
): Promise<Record<string, unknown>[]> => {
  const input: QueryCommandInput = {
    TableName: table.name,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': prefix },
    ...extra,
  };
  const items: Record<string, unknown>[] = [];
  do {
    const page = await table.client.send(new QueryCommand(input));
    items.push(...(page.Items ?? []));
    input.ExclusiveStartKey = page.LastEvaluatedKey;
  } while (input.ExclusiveStartKey);
  return items;
};

export class VersionedRecordStore<T extends VersionedRecord, B extends keyof T> {
  constructor(
    private readonly table: Table,
    private readonly layout: RecordLayout<T, B>,
  ) {}

  private headSk(id: string) {
    return `${this.layout.headPrefix}${id}`;
  }

  /** The head and its body, read consistently and consistent with each other; undefined when the user has no such record. */
  async read(userId: string, id: string): Promise<StoredRecord<T> | undefined> {
    const pk = keys.user(userId);
    const sk = this.headSk(id);
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt += 1) {
      const { Item } = await this.table.client.send(new GetCommand({ TableName: this.table.name, Key: { pk, sk }, ConsistentRead: true }));
      if (!Item) return undefined;
      const pointer = Pointer.safeParse(Item);
      const body = pointer.success ? await readChunks(this.table, pk, sk, pointer.data) : '{}';
      // Undefined: a write landed between reading the head and its chunks.
      if (body === undefined) continue;
      const head: Record<string, unknown> = { ...Item };
      for (const name of ['pk', 'sk', 'partCount', 'bodyVersion', ...Object.keys(this.layout.listOnlyAttributes ?? {})]) delete head[name];
      const record = this.layout.schema.parse({ ...this.layout.missingAttributes(), ...head, ...(JSON.parse(body) as object), id });
      return { record, pointer: pointer.success ? pointer.data : NO_BODY };
    }
    throw new AppError('unavailable', `This ${this.layout.noun} is being changed right now. Try again in a moment.`);
  }

  /** The stored version and body pointer alone (no body read); undefined when the user has no such record. */
  async readVersion(userId: string, id: string): Promise<{ version: number; pointer: BodyPointer } | undefined> {
    const { Item } = await this.table.client.send(
      new GetCommand({
        TableName: this.table.name,
        Key: { pk: keys.user(userId), sk: this.headSk(id) },
        ProjectionExpression: '#version, partCount, bodyVersion',
        ExpressionAttributeNames: { '#version': 'version' },
        ConsistentRead: true,
      }),
    );
    if (!Item) return undefined;
    const pointer = Pointer.safeParse(Item);
    return { version: typeof Item.version === 'number' ? Item.version : 0, pointer: pointer.success ? pointer.data : NO_BODY };
  }

  async create(userId: string, record: T): Promise<void> {
    await this.write(userId, record, undefined, true);
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
    const bodyChanged = JSON.stringify(bodyOf(this.layout, after)) !== JSON.stringify(bodyOf(this.layout, stored.record));
    await this.write(userId, after, stored.pointer, bodyChanged);
    return { before: stored.record, after };
  }

  /** Deletes the record, its body and its companion items; returns what was deleted, or undefined when it was not there. */
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
              ...chunkDeletes(this.table, pk, sk, stored.pointer.partCount),
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

  /**
   * One transaction: the head and, when it changed, the body's chunks. With a `previous` body the head must still be at
   * the version before `record.version` (409 otherwise); without one it must be new.
   */
  async write(userId: string, record: T, previous: BodyPointer | undefined, bodyChanged: boolean): Promise<void> {
    const pk = keys.user(userId);
    const sk = this.headSk(record.id);
    const chunks =
      previous && !bodyChanged
        ? { pointer: previous, writes: [] }
        : chunkWrites(this.table, pk, sk, JSON.stringify(bodyOf(this.layout, record)), record.version, previous?.partCount ?? 0);
    assertHeadFits(this.layout, record);
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table.name,
                Item: { pk, sk, ...headOf(this.layout, record, chunks.pointer) },
                ...(previous === undefined
                  ? { ConditionExpression: 'attribute_not_exists(pk)' }
                  : {
                      ConditionExpression: '#version = :expected',
                      ExpressionAttributeNames: { '#version': 'version' },
                      ExpressionAttributeValues: { ':expected': record.version - 1 },
                    }),
              },
            },
            ...chunks.writes,
          ],
        }),
      );
    } catch (error) {
      if (isVersionCheckFailure(error)) throw versionConflict(`This ${this.layout.noun}`);
      throw error;
    }
  }
}
