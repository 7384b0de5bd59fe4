// Items that carry tags: resources (sk RESOURCE#{id}) and patients (sk PATIENT#{id}). Each has `tags: string[]` and a
// `version` bumped on every write, so a tag change never overwrites a concurrent edit of the item.
import { GetCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { tagKinds } from '@chartside/shared';
import { isConditionalCheckFailed, keys, type Table } from './table';

type Kind = (typeof tagKinds)[number];

export interface TaggedItem {
  sk: string;
  tags: string[];
  /** Undefined for an item written before it had one. */
  version: number | undefined;
}

export const taggedItemPrefix: Record<Kind, string> = { resource: keys.resource(''), patient: keys.patient('') };

const toTaggedItem = (item: Record<string, unknown>): TaggedItem => ({
  sk: String(item.sk),
  tags: Array.isArray(item.tags) ? item.tags.filter((t): t is string => typeof t === 'string') : [],
  version: typeof item.version === 'number' ? item.version : undefined,
});

export class TaggedItemRepository {
  constructor(private readonly table: Table) {}

  /** The tags of every item of a kind (only keys, tags and version are read). */
  async list(userId: string, kind: Kind, carrying?: string): Promise<TaggedItem[]> {
    const input: QueryCommandInput = {
      TableName: this.table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ProjectionExpression: 'sk, tags, #version',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': taggedItemPrefix[kind] },
    };
    if (carrying !== undefined) {
      input.FilterExpression = 'contains(tags, :tag)';
      input.ExpressionAttributeValues = { ...input.ExpressionAttributeValues, ':tag': carrying };
    }
    const items: TaggedItem[] = [];
    do {
      const page = await this.table.client.send(new QueryCommand(input));
      for (const item of page.Items ?? []) items.push(toTaggedItem(item));
      input.ExclusiveStartKey = page.LastEvaluatedKey;
    } while (input.ExclusiveStartKey);
    return items;
  }

  async get(userId: string, sk: string): Promise<TaggedItem | undefined> {
    const { Item } = await this.table.client.send(
      new GetCommand({
        TableName: this.table.name,
        Key: { pk: keys.user(userId), sk },
        ProjectionExpression: 'sk, tags, #version',
        ExpressionAttributeNames: { '#version': 'version' },
        ConsistentRead: true,
      }),
    );
    return Item ? toTaggedItem(Item) : undefined;
  }

  /** Writes new tags only if the item is still at the version read; false when it changed meanwhile (or is gone). */
  async replaceTags(userId: string, item: TaggedItem, tags: string[]): Promise<boolean> {
    const unversioned = item.version === undefined;
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: { pk: keys.user(userId), sk: item.sk },
          UpdateExpression: 'SET tags = :tags, #version = :next',
          ConditionExpression: unversioned ? 'attribute_exists(pk) AND attribute_not_exists(#version)' : 'attribute_exists(pk) AND #version = :expected',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':tags': tags, ':next': (item.version ?? 0) + 1, ...(unversioned ? {} : { ':expected': item.version }) },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }
}
