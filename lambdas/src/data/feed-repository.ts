// The feed under the user: settings (sk FEEDCONF, versioned; also on gsi1 under FEEDUSERS so the scheduled refresh finds
// every user with sources), one status per source (FEEDSRC#{sourceId}) and the items (FEED#{itemId}, boolean `read`).
import { setTimeout } from 'node:timers/promises';
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type BatchWriteCommandInput, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { AppError, FeedItem, FeedSourceStatus, notFound, versionConflict, type FeedSourceInput } from '@chartside/shared';
import { isConditionalCheckFailed, keys, tableDefinition, type Table } from './table';
import { queryUnder } from './versioned-record-store';

/** BatchWriteItem takes at most 25 requests. */
const BATCH_WRITE_SIZE = 25;
/** Writes sent at once: read flags changed by 'mark all read', batches of new items. */
const UPDATE_CONCURRENCY = 10;

export interface StoredFeedSettings {
  version: number;
  sources: (FeedSourceInput & { id: string })[];
  keywords: string[];
}

/** A source's last fetch, with the validators for the next conditional GET. */
export interface StoredSourceStatus extends FeedSourceStatus {
  etag?: string;
  lastModified?: string;
}

const itemAttributes = Object.keys(FeedItem.shape);

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

const runLimited = async <T>(values: readonly T[], limit: number, run: (value: T) => Promise<void>) => {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, values.length) }, async () => {
    while (next < values.length) await run(values[next++]!);
  }));
};

export class FeedRepository {
  constructor(private readonly table: Table) {}

  /** Counts unread items server-side (Select COUNT), page by page: DynamoDB counts at most 1 MB of items per call. */
  async unreadCount(userId: string): Promise<number> {
    const input: QueryCommandInput = {
      TableName: this.table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: '#read = :false',
      ExpressionAttributeNames: { '#read': 'read' },
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': keys.feedItem(''), ':false': false },
      Select: 'COUNT',
    };
    let count = 0;
    do {
      const page = await this.table.client.send(new QueryCommand(input));
      count += page.Count ?? 0;
      input.ExclusiveStartKey = page.LastEvaluatedKey;
    } while (input.ExclusiveStartKey);
    return count;
  }

  /** Version 0 with nothing in it for a user who never saved feed settings. */
  async getSettings(userId: string): Promise<StoredFeedSettings> {
    const { Item } = await this.table.client.send(
      new GetCommand({ TableName: this.table.name, Key: { pk: keys.user(userId), sk: keys.feedSettings }, ConsistentRead: true }),
    );
    if (!Item) return { version: 0, sources: [], keywords: [] };
    return { version: Number(Item.version), sources: Item.sources as StoredFeedSettings['sources'], keywords: Item.keywords as string[] };
  }

  /** Writes the settings when the stored version is still `settings.version - 1`; otherwise a version conflict. */
  async putSettings(userId: string, settings: StoredFeedSettings): Promise<void> {
    try {
      await this.table.client.send(
        new PutCommand({
          TableName: this.table.name,
          Item: { pk: keys.user(userId), sk: keys.feedSettings, gsi1pk: keys.feedUsers, gsi1sk: userId, ...settings },
          ConditionExpression: settings.version === 1 ? 'attribute_not_exists(pk)' : 'version = :previous',
          ...(settings.version === 1 ? {} : { ExpressionAttributeValues: { ':previous': settings.version - 1 } }),
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw versionConflict('The feed settings');
      throw error;
    }
  }

  /** Every user with feed settings (for the scheduled refresh). */
  async usersWithSettings(): Promise<string[]> {
    const input: QueryCommandInput = {
      TableName: this.table.name,
      IndexName: tableDefinition.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :users',
      ExpressionAttributeValues: { ':users': keys.feedUsers },
      ProjectionExpression: 'gsi1sk',
    };
    const users: string[] = [];
    do {
      const page = await this.table.client.send(new QueryCommand(input));
      users.push(...(page.Items ?? []).map((item) => String(item.gsi1sk)));
      input.ExclusiveStartKey = page.LastEvaluatedKey;
    } while (input.ExclusiveStartKey);
    return users;
  }

  async sourceStatuses(userId: string): Promise<Map<string, StoredSourceStatus>> {
    const items = await queryUnder(this.table, userId, keys.feedSource(''), {});
    return new Map(items.map(({ pk: _pk, sk, ...status }) => [String(sk).slice(keys.feedSource('').length), status as unknown as StoredSourceStatus]));
  }

  /** Records each source's last fetch (after its items are written: a stored ETag means its items are stored). */
  async putSourceStatuses(userId: string, statuses: ReadonlyMap<string, StoredSourceStatus>): Promise<void> {
    const pk = keys.user(userId);
    await this.batchWrite([...statuses].map(([sourceId, status]) => ({ PutRequest: { Item: { pk, sk: keys.feedSource(sourceId), ...status } } })));
  }

  async listItems(userId: string): Promise<FeedItem[]> {
    const items = await queryUnder(this.table, userId, keys.feedItem(''), {
      ProjectionExpression: itemAttributes.map((_, i) => `#a${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(itemAttributes.map((name, i) => [`#a${i}`, name])),
    });
    return items as unknown as FeedItem[];
  }

  /** Stores new items and deletes others (trimmed, or of removed sources). */
  async writeItems(userId: string, put: readonly FeedItem[], remove: readonly { id: string }[]): Promise<void> {
    const pk = keys.user(userId);
    await this.batchWrite([
      ...put.map((item) => ({ PutRequest: { Item: { pk, sk: keys.feedItem(item.id), ...item } } })),
      ...remove.map(({ id }) => ({ DeleteRequest: { Key: { pk, sk: keys.feedItem(id) } } })),
    ]);
  }

  async removeSourceStatuses(userId: string, sourceIds: readonly string[]): Promise<void> {
    const pk = keys.user(userId);
    await this.batchWrite(sourceIds.map((id) => ({ DeleteRequest: { Key: { pk, sk: keys.feedSource(id) } } })));
  }

  /**
   * 25 requests per BatchWriteItem, a few batches at once (a first refresh writes up to MAX_FEED_ITEMS: 40 batches one
   * after another took most of its time). What DynamoDB leaves unprocessed (throttled) is sent again after a pause.
   */
  private async batchWrite(requests: readonly WriteRequest[]): Promise<void> {
    const batches = Array.from({ length: Math.ceil(requests.length / BATCH_WRITE_SIZE) }, (_, i) => requests.slice(i * BATCH_WRITE_SIZE, (i + 1) * BATCH_WRITE_SIZE));
    await runLimited(batches, UPDATE_CONCURRENCY, async (first) => {
      let batch = first;
      for (let attempt = 0; batch.length > 0; attempt += 1) {
        if (attempt > 0) await setTimeout(Math.min(50 * 2 ** attempt, 2_000));
        const { UnprocessedItems } = await this.table.client.send(new BatchWriteCommand({ RequestItems: { [this.table.name]: batch } }));
        batch = UnprocessedItems?.[this.table.name] ?? [];
      }
    });
  }

  /** Only an item of this user: another's id is not found. */
  async setRead(userId: string, itemId: string, read: boolean): Promise<FeedItem> {
    try {
      const { Attributes } = await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: { pk: keys.user(userId), sk: keys.feedItem(itemId) },
          UpdateExpression: 'SET #read = :read',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#read': 'read' },
          ExpressionAttributeValues: { ':read': read },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const { pk: _pk, sk: _sk, ...item } = Attributes!;
      return item as FeedItem;
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw notFound('The feed item');
      throw error;
    }
  }

  /** Marks every unread item read; an item deleted meanwhile (trimmed) is skipped. Returns how many changed. */
  async markAllRead(userId: string): Promise<number> {
    const unread = (await this.listItems(userId)).filter((item) => !item.read);
    let updated = 0;
    await runLimited(unread, UPDATE_CONCURRENCY, async (item) => {
      try {
        await this.setRead(userId, item.id, true);
        updated += 1;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'not_found')) throw error;
      }
    });
    return updated;
  }
}
