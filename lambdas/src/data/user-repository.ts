// The user document: read, created with defaults on first use, and changed only from the version the writer saw.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  AppError,
  MAX_USER_DOCUMENT_BYTES,
  UserDocument,
  defaultUserFields,
  versionConflict,
  type UserDocumentPatch,
  type UserFields,
} from '@chartside/shared';
import type { Clock } from '../ports/clock';
import { isConditionalCheckFailed, keys, type Table } from './table';

const key = (userId: string) => ({ pk: keys.user(userId), sk: keys.userDocument });

const toDocument = (item: Record<string, unknown>): UserDocument => {
  const { pk: _pk, sk: _sk, ...rest } = item;
  // Fields added to the schema after a document was written read as their defaults.
  return UserDocument.parse({ ...defaultUserFields(), ...rest });
};

export class UserRepository {
  constructor(
    private readonly table: Table,
    private readonly clock: Clock,
  ) {}

  async get(userId: string): Promise<UserDocument | undefined> {
    const { Item } = await this.table.client.send(
      new GetCommand({ TableName: this.table.name, Key: key(userId), ConsistentRead: true }),
    );
    return Item ? toDocument(Item) : undefined;
  }

  /** Creates the document with defaults unless it exists; either way returns the stored one. */
  async getOrCreate(userId: string, email: () => Promise<string>): Promise<UserDocument> {
    const existing = await this.get(userId);
    if (existing) return existing;
    const now = this.clock.now().toISOString();
    const created: UserDocument = { ...defaultUserFields(), userId, email: await email(), version: 1, createdAt: now, updatedAt: now };
    try {
      await this.table.client.send(
        new PutCommand({
          TableName: this.table.name,
          Item: { ...key(userId), ...created },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return created;
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      // Another request created it first: theirs stands.
      const raced = await this.get(userId);
      if (!raced) throw error;
      return raced;
    }
  }

  /**
   * Applies the patch only if the stored version is still `patch.version`; otherwise a version conflict.
   * `current` is the document as last read, used to refuse a change that would make it too large to back up.
   */
  async patch(userId: string, patch: UserDocumentPatch, current: UserDocument): Promise<UserDocument> {
    const { version, ...changes } = patch;
    const size = new TextEncoder().encode(JSON.stringify({ ...current, ...changes })).length;
    if (size > MAX_USER_DOCUMENT_BYTES) {
      throw new AppError(
        'payload_too_large',
        `Your settings, templates and lists would take ${Math.ceil(size / 1000)} KB; at most ${MAX_USER_DOCUMENT_BYTES / 1000} KB fit. Remove some templates or prompts first.`,
      );
    }
    const fields = Object.entries(changes) as [keyof UserFields, unknown][];
    const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt' };
    const values: Record<string, unknown> = {
      ':expected': version,
      ':one': 1,
      ':now': this.clock.now().toISOString(),
    };
    const sets = ['#version = #version + :one', '#updatedAt = :now'];
    fields.forEach(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:v${i}`] = value;
      sets.push(`#f${i} = :v${i}`);
    });
    try {
      const { Attributes } = await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: key(userId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toDocument(Attributes ?? {});
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw versionConflict('Your settings');
      throw error;
    }
  }
}
