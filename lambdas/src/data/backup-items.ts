// The items of a user's partition a nightly backup holds, read and written as they are stored: every record of the user's
// own (the user document, resources, patients, time tracking, chats, admission notes, feed settings) with its parts and
// messages; never login sessions, connections, the daily backups, AI usage, feed items or feed sources' fetch state, which
// are the runtime's state or fetched again.
import { BatchWriteCommand, PutCommand, UpdateCommand, QueryCommand, ScanCommand, type QueryCommandInput, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { canonicalJson, type BackupKind } from '@chartside/shared';
import { chunksUnderPrefix } from './chunked-body';
import { isConditionalCheckFailed, keys, type Table } from './table';

export type StoredItem = Record<string, unknown> & { pk: string; sk: string };

/** The record an item belongs to: its kind, its head's sort key and id, and whether the item is that head. */
export interface ItemRecord {
  kind: BackupKind;
  headSk: string;
  id: string;
  isHead: boolean;
}

/** Heads by sort-key prefix; a record's other items (parts, messages) name their head's sort key in their own. */
const headPrefixes: [string, BackupKind][] = [
  [keys.resource(''), 'resources'],
  [keys.patient(''), 'patients'],
  [keys.timeTracking(''), 'timeTracking'],
  [keys.chat(''), 'chats'],
  [keys.admission(''), 'admissions'],
];

const headOf = (headSk: string, isHead: boolean): ItemRecord | undefined => {
  if (headSk === keys.userDocument) return { kind: 'userDocument', headSk, id: 'user', isHead };
  if (headSk === keys.feedSettings) return { kind: 'feedSettings', headSk, id: 'feed', isHead };
  for (const [prefix, kind] of headPrefixes) {
    const id = headSk.startsWith(prefix) ? headSk.slice(prefix.length) : '';
    if (id && !id.includes('#')) return { kind, headSk, id, isHead };
  }
  return undefined;
};

/** The record the item with this sort key belongs to; undefined for items a backup does not hold. */
export const recordOfItem = (sk: string): ItemRecord | undefined => {
  const partsOf = chunksUnderPrefix('');
  if (sk.startsWith(partsOf)) {
    // PART#{headSk}#{part}#{index}: the head's sort key is its prefix and the id up to the next '#'.
    const rest = sk.slice(partsOf.length);
    const prefix = headPrefixes.find(([p]) => rest.startsWith(p))?.[0];
    if (!prefix) return undefined;
    const idEnd = rest.indexOf('#', prefix.length);
    return idEnd > prefix.length ? headOf(rest.slice(0, idEnd), false) : undefined;
  }
  const messages = keys.chatMessage('', '').slice(0, -1); // CHATMSG#
  if (sk.startsWith(messages)) {
    const chatId = sk.slice(messages.length).split('#')[0] ?? '';
    return chatId ? headOf(keys.chat(chatId), false) : undefined;
  }
  return headOf(sk, true);
};

/** How a binary attribute (an envelope-encrypted body) is written in a backup's JSON line. */
const BINARY = '$base64';

const withBinaryAsText = (value: unknown): unknown => {
  if (value instanceof Uint8Array) return { [BINARY]: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return value.map(withBinaryAsText);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withBinaryAsText(entry)]));
  return value;
};

/** One item as a backup line: canonical JSON (sorted keys), binary attributes as base64, so equal items give equal lines. */
export const itemToLine = (item: StoredItem): string => canonicalJson(withBinaryAsText(item));

/** The item a backup line holds, binary attributes back as bytes. */
export const lineToItem = (line: string): StoredItem =>
  JSON.parse(line, (_key, value: unknown) => {
    const text = value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1 ? (value as Record<string, unknown>)[BINARY] : undefined;
    return typeof text === 'string' ? new Uint8Array(Buffer.from(text, 'base64')) : value;
  }) as StoredItem;

/** DynamoDB orders sort keys by their UTF-8 bytes; JavaScript's `<` compares UTF-16 units, which differs past U+FFFF. */
export const compareSk = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Every item of the user's partition that a backup holds, in sort-key order, one page in memory at a time. */
export async function* backedUpItems(table: Table, userId: string): AsyncGenerator<StoredItem> {
  const input: QueryCommandInput = {
    TableName: table.name,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.user(userId) },
    ConsistentRead: true,
  };
  do {
    const page = await table.client.send(new QueryCommand(input));
    for (const item of page.Items ?? []) if (recordOfItem(String(item.sk))) yield item as StoredItem;
    input.ExclusiveStartKey = page.LastEvaluatedKey;
  } while (input.ExclusiveStartKey);
}

/** Puts items as they are (a record's parts or messages), 25 to a batch, retrying what DynamoDB leaves unprocessed. */
export const putItems = async (table: Table, items: readonly StoredItem[]) => writeBatches(table, items.map((Item) => ({ PutRequest: { Item } })));

export const deleteItems = async (table: Table, items: readonly { pk: string; sk: string }[]) =>
  writeBatches(table, items.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })));

type WriteRequest = { PutRequest: { Item: StoredItem } } | { DeleteRequest: { Key: { pk: string; sk: string } } };

const writeBatches = async (table: Table, requests: WriteRequest[]) => {
  for (let start = 0; start < requests.length; start += 25) {
    let batch: WriteRequest[] = requests.slice(start, start + 25);
    while (batch.length > 0) {
      const { UnprocessedItems } = await table.client.send(new BatchWriteCommand({ RequestItems: { [table.name]: batch } }));
      batch = (UnprocessedItems?.[table.name] ?? []) as WriteRequest[];
    }
  }
};

/**
 * Puts a record's head from a backup, last, once its parts are in place. A record that exists now is replaced only
 * while its version is still the one the restore read, and gets the next version, so a device holding the current copy
 * sees a newer one (and refetches) instead of a silent change under the same number. A record without a version (time
 * tracking, a chat) is only checked to still exist. Returns false when the check failed.
 */
export const putHead = async (table: Table, head: StoredItem, current: { version?: number } | undefined): Promise<boolean> => {
  const replacing = current !== undefined;
  const version = replacing && typeof current.version === 'number' ? current.version : undefined;
  const item = version === undefined ? head : { ...head, version: version + 1 };
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: item,
        ...(!replacing
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : version === undefined
            ? { ConditionExpression: 'attribute_exists(pk)' }
            : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': version } }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
};

/**
 * Takes a record a restore is about to replace: bumps its version while it is still `version`, so a device saving the
 * copy it holds is refused (and refetches) instead of writing between the restore's parts and its head. False when the
 * record changed since the restore read it: it is then left as it is.
 */
export const claimHead = async (table: Table, key: { pk: string; sk: string }, version: number): Promise<boolean> => {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: key,
        UpdateExpression: 'SET version = :next',
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': version, ':next': version + 1 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
};

/** The user ids that have a user document: everyone a nightly backup covers. Pages through the table. */
export async function* usersWithDocuments(table: Table): AsyncGenerator<string> {
  const prefix = keys.user('');
  const input: ScanCommandInput = {
    TableName: table.name,
    ProjectionExpression: 'pk',
    FilterExpression: 'sk = :user AND begins_with(pk, :prefix)',
    ExpressionAttributeValues: { ':user': keys.userDocument, ':prefix': prefix },
  };
  do {
    const page = await table.client.send(new ScanCommand(input));
    for (const item of page.Items ?? []) yield String(item.pk).slice(prefix.length);
    input.ExclusiveStartKey = page.LastEvaluatedKey;
  } while (input.ExclusiveStartKey);
}
