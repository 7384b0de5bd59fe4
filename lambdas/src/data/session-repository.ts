// Login sessions, kept under their user (sk SESSION#{id}), so a foreign id is simply not found.
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { Session } from '@chartside/shared';
import * as z from 'zod';
import { isConditionalCheckFailed, keys, type Table } from './table';

/** A session as stored: the response's fields without isCurrentSession (that depends on who asks) plus the current flag. */
export const StoredSession = Session.omit({ isCurrentSession: true }).extend({
  /** True only for the session created last; the others lose it then (spec section 4). */
  current: z.boolean(),
  signedOutAt: z.iso.datetime().optional(),
  /**
   * The sign-in whose token started the session (the token's origin_jti): only that sign-in's tokens may use it, and
   * once it has ended that sign-in may start no other. Records written before sessions were bound have none and are
   * refused like an ended session: their browser signs in again.
   */
  signInId: z.string().optional(),
});
export type StoredSession = z.infer<typeof StoredSession>;

/** Records are kept this long after a session last could be used, then DynamoDB's TTL removes them. */
const RETENTION_SECONDS = 90 * 24 * 60 * 60;
/** lastAccess is written at most this often per session. */
export const LAST_ACCESS_INTERVAL_MS = 60_000;

const ttlAfter = (iso: string) => Math.floor(Date.parse(iso) / 1000) + RETENTION_SECONDS;

const key = (userId: string, sessionId: string) => ({ pk: keys.user(userId), sk: keys.session(sessionId) });

const fromItem = (item: Record<string, unknown>): StoredSession => StoredSession.parse(item);

export type SignOutOutcome = 'signed-out' | 'already-ended' | 'missing';

/**
 * How long a session read as signed in is trusted from memory (every API request checks its session). A sign-out made
 * through this repository ends it at once; one made by another Lambda instance takes effect here within this time, and
 * the signed-out browser is told at once over the WebSocket anyway.
 */
export const LIVE_SESSION_MEMORY_MS = 5_000;
const MAX_REMEMBERED_SESSIONS = 10_000;

const memoryKey = (userId: string, sessionId: string) => `${userId}\n${sessionId}`;

export class SessionRepository {
  /** Sessions recently read as signed in, by memoryKey, in the order they were read. */
  private readonly seenLive = new Map<string, { session: StoredSession; at: number }>();

  constructor(private readonly table: Table) {}

  async create(userId: string, session: StoredSession): Promise<void> {
    // A private session ends when signed out; until then its record lives on from its last access.
    const ttl = ttlAfter(session.expiresAt ?? session.lastAccess);
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.name,
        Item: { ...key(userId, session.sessionId), ...session, ttl },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(userId: string, sessionId: string): Promise<StoredSession | undefined> {
    const { Item } = await this.table.client.send(new GetCommand({ TableName: this.table.name, Key: key(userId, sessionId), ConsistentRead: true }));
    return Item ? fromItem(Item) : undefined;
  }

  /** Like get, but a session read as signed in within the last LIVE_SESSION_MEMORY_MS is answered from memory. */
  async getLive(userId: string, sessionId: string, now: Date): Promise<StoredSession | undefined> {
    const memory = memoryKey(userId, sessionId);
    const seen = this.seenLive.get(memory);
    if (seen && now.getTime() - seen.at < LIVE_SESSION_MEMORY_MS) return seen.session;
    const session = await this.get(userId, sessionId);
    this.seenLive.delete(memory);
    if (session?.signedIn) {
      this.seenLive.set(memory, { session, at: now.getTime() });
      if (this.seenLive.size > MAX_REMEMBERED_SESSIONS) this.seenLive.delete(this.seenLive.keys().next().value!);
    }
    return session;
  }

  async list(userId: string): Promise<StoredSession[]> {
    const sessions: StoredSession[] = [];
    const input: QueryCommandInput = {
      TableName: this.table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': keys.session('') },
      ConsistentRead: true,
    };
    do {
      const page = await this.table.client.send(new QueryCommand(input));
      for (const item of page.Items ?? []) sessions.push(fromItem(item));
      input.ExclusiveStartKey = page.LastEvaluatedKey;
    } while (input.ExclusiveStartKey);
    return sessions;
  }

  async clearCurrent(userId: string, sessionId: string): Promise<void> {
    await this.conditionally(
      new UpdateCommand({
        TableName: this.table.name,
        Key: key(userId, sessionId),
        UpdateExpression: 'SET #current = :false',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#current': 'current' },
        ExpressionAttributeValues: { ':false': false },
      }),
    );
  }

  /** Marks one session signed out, only if it exists and is still signed in. */
  async signOut(userId: string, sessionId: string, now: Date): Promise<SignOutOutcome> {
    this.seenLive.delete(memoryKey(userId, sessionId));
    const at = now.toISOString();
    const changed = await this.conditionally(
      new UpdateCommand({
        TableName: this.table.name,
        Key: key(userId, sessionId),
        UpdateExpression: 'SET signedIn = :false, #current = :false, signedOutAt = :at, #ttl = :ttl',
        ConditionExpression: 'attribute_exists(pk) AND signedIn = :true',
        ExpressionAttributeNames: { '#current': 'current', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':false': false, ':true': true, ':at': at, ':ttl': ttlAfter(at) },
      }),
    );
    if (changed) return 'signed-out';
    return (await this.get(userId, sessionId)) ? 'already-ended' : 'missing';
  }

  /** Records an access unless one was recorded within the last minute (also by a concurrent request). */
  async touch(userId: string, session: StoredSession, now: Date): Promise<void> {
    const at = now.toISOString();
    const seen = this.seenLive.get(memoryKey(userId, session.sessionId));
    if (seen) seen.session = { ...seen.session, lastAccess: at };
    const names: Record<string, string> = { '#lastAccess': 'lastAccess' };
    const values: Record<string, unknown> = { ':at': at, ':cutoff': new Date(now.getTime() - LAST_ACCESS_INTERVAL_MS).toISOString() };
    let update = 'SET #lastAccess = :at';
    if (session.expiresAt === null) {
      names['#ttl'] = 'ttl';
      values[':ttl'] = ttlAfter(at);
      update += ', #ttl = :ttl';
    }
    await this.conditionally(
      new UpdateCommand({
        TableName: this.table.name,
        Key: key(userId, session.sessionId),
        UpdateExpression: update,
        // ISO timestamps in UTC compare correctly as strings.
        ConditionExpression: 'attribute_exists(pk) AND #lastAccess < :cutoff',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }

  /** When the user last terminated all sessions, in ms since the epoch (0 when never). */
  async revokedAt(userId: string): Promise<number> {
    const { Item } = await this.table.client.send(
      new GetCommand({ TableName: this.table.name, Key: { pk: keys.user(userId), sk: keys.sessionsRevoked }, ConsistentRead: true }),
    );
    return typeof Item?.revokedAt === 'string' ? Date.parse(Item.revokedAt) : 0;
  }

  async setRevokedAt(userId: string, now: Date): Promise<void> {
    await this.table.client.send(
      new PutCommand({ TableName: this.table.name, Item: { pk: keys.user(userId), sk: keys.sessionsRevoked, revokedAt: now.toISOString() } }),
    );
  }

  /** Sends a conditional write; false when its condition did not hold. */
  private async conditionally(command: UpdateCommand): Promise<boolean> {
    try {
      await this.table.client.send(command);
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }
}
