// Chats, kept under their user: a head item per chat (sk CHAT#{chatId}) and one item per message beside it
// (sk CHATMSG#{chatId}#{messageId}), so a long conversation never nears DynamoDB's item limit and a streaming reply
// rewrites only its own item. The day's model token use is counted in AIUSAGE#{date}.
import { BatchWriteCommand, type BatchWriteCommandInput, type BatchWriteCommandOutput, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ChatMessage, ChatSessionSummary, MAX_CHAT_MESSAGES, type ChatSession } from '@chartside/shared';
import * as z from 'zod';
import { isConditionalCheckFailed, keys, type Table } from './table';

const chatKey = (userId: string, chatId: string) => ({ pk: keys.user(userId), sk: keys.chat(chatId) });
const messageKey = (userId: string, chatId: string, messageId: string) => ({ pk: keys.user(userId), sk: keys.chatMessage(chatId, messageId) });

const StoredHead = ChatSessionSummary.extend({ userSessionId: z.string().optional() });
type StoredHead = z.infer<typeof StoredHead>;
/** A message as stored: when it was last written, so a reply whose writer died can be told from one still arriving. */
const StoredMessage = ChatMessage.extend({ updatedAt: z.iso.datetime() });
type StoredMessage = z.infer<typeof StoredMessage>;

/** A reply not written for this long is no longer arriving (its job ended without finishing it). */
export const STALE_REPLY_MS = 120_000;
export const INTERRUPTED_REPLY = 'The reply was interrupted. Send your message again.';
/** The day's token count is kept a little over a month. */
const USAGE_TTL_SECONDS = 40 * 24 * 60 * 60;

const toMessage = (item: Record<string, unknown>, now: Date): ChatMessage => {
  const { updatedAt, ...message } = StoredMessage.parse(item);
  if (message.status === 'streaming' && now.getTime() - Date.parse(updatedAt) > STALE_REPLY_MS) {
    return { ...message, status: 'failed', error: INTERRUPTED_REPLY };
  }
  return message;
};

const byTime = (a: ChatMessage, b: ChatMessage) => a.createdAt.localeCompare(b.createdAt) || (a.role === b.role ? 0 : a.role === 'user' ? -1 : 1);

export type ReplyEnd = { status: 'complete' | 'failed'; text: string; received: number; model: string; error?: string };

export class ChatRepository {
  constructor(private readonly table: Table) {}

  /** Creates the chat, or answers the one already made under this id (a retried create). */
  async create(userId: string, head: ChatSessionSummary): Promise<ChatSessionSummary> {
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: chatKey(userId, head.id),
          UpdateExpression: 'SET #id = :id, title = :title, createdAt = :at, lastUpdate = :at, messageCount = :zero' + (head.resourceId ? ', resourceId = :resourceId' : ''),
          ConditionExpression: 'attribute_not_exists(pk)',
          ExpressionAttributeNames: { '#id': 'id' },
          ExpressionAttributeValues: { ':id': head.id, ':title': head.title, ':at': head.createdAt, ':zero': 0, ...(head.resourceId ? { ':resourceId': head.resourceId } : {}) },
        }),
      );
      return head;
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      return (await this.head(userId, head.id))!;
    }
  }

  async head(userId: string, chatId: string): Promise<StoredHead | undefined> {
    const { Item } = await this.table.client.send(new GetCommand({ TableName: this.table.name, Key: chatKey(userId, chatId), ConsistentRead: true }));
    return Item ? StoredHead.parse(Item) : undefined;
  }

  async get(userId: string, chatId: string, now: Date): Promise<ChatSession | undefined> {
    const [head, items] = await Promise.all([this.head(userId, chatId), this.queryAll(keys.chatMessage(chatId, ''), userId)]);
    if (!head) return undefined;
    return { ...head, messages: items.map((item) => toMessage(item, now)).sort(byTime) };
  }

  async message(userId: string, chatId: string, messageId: string, now: Date): Promise<ChatMessage | undefined> {
    const { Item } = await this.table.client.send(new GetCommand({ TableName: this.table.name, Key: messageKey(userId, chatId, messageId), ConsistentRead: true }));
    return Item ? toMessage(Item, now) : undefined;
  }

  /** The user's chats, the last changed first. */
  async list(userId: string): Promise<ChatSessionSummary[]> {
    const items = await this.queryAll(keys.chat(''), userId);
    return items.map((item) => ChatSessionSummary.parse(item)).sort((a, b) => b.lastUpdate.localeCompare(a.lastUpdate));
  }

  async rename(userId: string, chatId: string, title: string, now: Date, sessionId: string): Promise<ChatSessionSummary | undefined> {
    try {
      const { Attributes } = await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: chatKey(userId, chatId),
          UpdateExpression: 'SET title = :title, lastUpdate = :at, userSessionId = :session',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':title': title, ':at': now.toISOString(), ':session': sessionId },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return ChatSessionSummary.parse(Attributes);
    } catch (error) {
      if (isConditionalCheckFailed(error)) return undefined;
      throw error;
    }
  }

  /** Deletes the chat and its messages; false when there was none. */
  async remove(userId: string, chatId: string): Promise<boolean> {
    const items = await this.queryAll(keys.chatMessage(chatId, ''), userId, 'sk');
    const head = await this.head(userId, chatId);
    const doomed = [...items.map((item) => ({ pk: keys.user(userId), sk: item.sk as string })), ...(head ? [chatKey(userId, chatId)] : [])];
    for (let i = 0; i < doomed.length; i += 25) {
      let requests: NonNullable<BatchWriteCommandInput['RequestItems']>[string] | undefined = doomed.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      while (requests?.length) {
        const written: BatchWriteCommandOutput = await this.table.client.send(new BatchWriteCommand({ RequestItems: { [this.table.name]: requests } }));
        requests = written.UnprocessedItems?.[this.table.name];
      }
    }
    return head !== undefined;
  }

  /**
   * Stores the user's message and the reply that will stream into it, and counts them on the chat. 'exists' when this
   * message was stored before (a retried send); 'missing' when the chat is gone; 'full' at MAX_CHAT_MESSAGES.
   */
  async addExchange(
    userId: string,
    chatId: string,
    exchange: { message: ChatMessage; reply: ChatMessage; title?: string; sessionId: string },
  ): Promise<'added' | 'exists' | 'missing' | 'full'> {
    const at = exchange.reply.createdAt;
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.table.name, Item: { ...messageKey(userId, chatId, exchange.message.id), ...exchange.message, updatedAt: at }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName: this.table.name, Item: { ...messageKey(userId, chatId, exchange.reply.id), ...exchange.reply, updatedAt: at }, ConditionExpression: 'attribute_not_exists(pk)' } },
            {
              Update: {
                TableName: this.table.name,
                Key: chatKey(userId, chatId),
                UpdateExpression: `SET lastUpdate = :at, userSessionId = :session, messageCount = messageCount + :two${exchange.title ? ', title = :title' : ''}`,
                ConditionExpression: 'attribute_exists(pk) AND messageCount <= :most',
                ExpressionAttributeValues: {
                  ':at': at,
                  ':session': exchange.sessionId,
                  ':two': 2,
                  ':most': MAX_CHAT_MESSAGES - 2,
                  ...(exchange.title ? { ':title': exchange.title } : {}),
                },
              },
            },
          ],
        }),
      );
      return 'added';
    } catch (error) {
      const reasons = error instanceof Error && error.name === 'TransactionCanceledException' ? ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []) : undefined;
      if (!reasons) throw error;
      if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'exists';
      if (reasons[2]?.Code === 'ConditionalCheckFailed') return (await this.head(userId, chatId)) ? 'full' : 'missing';
      throw error;
    }
  }

  /** Saves how far a reply got; false when it is no longer streaming (stopped, deleted), so its writer stops. */
  async saveReplyProgress(userId: string, chatId: string, messageId: string, progress: { text: string; received: number }, now: Date): Promise<boolean> {
    return this.whileStreaming(userId, chatId, messageId, 'SET parts = :parts, received = :received, updatedAt = :at', {
      ':parts': [{ type: 'text', text: progress.text }],
      ':received': progress.received,
      ':at': now.toISOString(),
    });
  }

  /** The text a stopped reply had when its writer noticed the Stop (the pieces since its last save included). */
  async saveStoppedText(userId: string, chatId: string, messageId: string, progress: { text: string; received: number }): Promise<void> {
    await this.table.client
      .send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: messageKey(userId, chatId, messageId),
          UpdateExpression: 'SET parts = :parts, received = :received',
          ConditionExpression: '#status = :stopped AND received < :received',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':parts': [{ type: 'text', text: progress.text }], ':received': progress.received, ':stopped': 'stopped' },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionalCheckFailed(error)) throw error;
      });
  }

  /** Ends a streaming reply; false when it had already ended (the user stopped it, or deleted it). */
  async finishReply(userId: string, chatId: string, messageId: string, end: ReplyEnd, now: Date): Promise<boolean> {
    const finished = await this.whileStreaming(
      userId,
      chatId,
      messageId,
      `SET parts = :parts, received = :received, #status = :status, model = :model, updatedAt = :at${end.error ? ', #error = :error' : ''}`,
      {
        ':parts': [{ type: 'text', text: end.text }],
        ':received': end.received,
        ':status': end.status,
        ':model': end.model,
        ':at': now.toISOString(),
        ...(end.error ? { ':error': end.error } : {}),
      },
      end.error ? { '#error': 'error' } : {},
    );
    if (finished) await this.touch(userId, chatId, now);
    return finished;
  }

  /** Stops a streaming reply where it is; undefined when there is no such message. */
  async stopReply(userId: string, chatId: string, messageId: string, now: Date, sessionId: string): Promise<ChatMessage | undefined> {
    await this.whileStreaming(userId, chatId, messageId, 'SET #status = :stopped, updatedAt = :at', { ':stopped': 'stopped', ':at': now.toISOString() });
    await this.touch(userId, chatId, now, sessionId);
    return this.message(userId, chatId, messageId, now);
  }

  /** Deletes one message; false when there was none. */
  async removeMessage(userId: string, chatId: string, messageId: string, now: Date, sessionId: string): Promise<boolean> {
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: this.table.name, Key: messageKey(userId, chatId, messageId), ConditionExpression: 'attribute_exists(pk)' } },
            {
              Update: {
                TableName: this.table.name,
                Key: chatKey(userId, chatId),
                UpdateExpression: 'SET lastUpdate = :at, userSessionId = :session, messageCount = messageCount - :one',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':at': now.toISOString(), ':session': sessionId, ':one': 1 },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof Error && error.name === 'TransactionCanceledException') return false;
      throw error;
    }
  }

  /** Adds to the day's token count and answers the new total. */
  async addTokens(userId: string, day: string, tokens: number): Promise<number> {
    const { Attributes } = await this.table.client.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: { pk: keys.user(userId), sk: keys.aiUsage(day) },
        UpdateExpression: 'ADD tokens :tokens SET #ttl = if_not_exists(#ttl, :ttl)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':tokens': tokens, ':ttl': Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + USAGE_TTL_SECONDS },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.tokens ?? tokens);
  }

  async tokensUsed(userId: string, day: string): Promise<number> {
    const { Item } = await this.table.client.send(new GetCommand({ TableName: this.table.name, Key: { pk: keys.user(userId), sk: keys.aiUsage(day) } }));
    return Number(Item?.tokens ?? 0);
  }

  private async touch(userId: string, chatId: string, now: Date, sessionId?: string): Promise<void> {
    await this.table.client
      .send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: chatKey(userId, chatId),
          UpdateExpression: `SET lastUpdate = :at${sessionId ? ', userSessionId = :session' : ''}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': now.toISOString(), ...(sessionId ? { ':session': sessionId } : {}) },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionalCheckFailed(error)) throw error; // the chat was deleted meanwhile
      });
  }

  private async whileStreaming(userId: string, chatId: string, messageId: string, update: string, values: Record<string, unknown>, names: Record<string, string> = {}): Promise<boolean> {
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: messageKey(userId, chatId, messageId),
          UpdateExpression: update,
          ConditionExpression: 'attribute_exists(pk) AND #status = :streaming',
          ExpressionAttributeNames: { '#status': 'status', ...names },
          ExpressionAttributeValues: { ...values, ':streaming': 'streaming' },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  private async queryAll(prefix: string, userId: string, projection?: string): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    const input: QueryCommandInput = {
      TableName: this.table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': prefix },
      ConsistentRead: true,
      ...(projection ? { ProjectionExpression: projection } : {}),
    };
    do {
      const page = await this.table.client.send(new QueryCommand(input));
      items.push(...(page.Items ?? []));
      input.ExclusiveStartKey = page.LastEvaluatedKey;
    } while (input.ExclusiveStartKey);
    return items;
  }
}
