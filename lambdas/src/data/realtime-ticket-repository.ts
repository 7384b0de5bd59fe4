// One-time tickets that open a WebSocket: the URL of a socket carries a ticket, never the access token (URLs end up in
// logs). Only a hash of the ticket is stored, and redeeming it deletes it, so it opens one socket, within seconds.
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { REALTIME_TICKET_SECONDS } from '@chartside/shared';
import type { Clock } from '../ports/clock';
import { isConditionalCheckFailed, keys, type Table } from './table';

const keyOf = (ticket: string) => {
  const key = keys.realtimeTicket(createHash('sha256').update(ticket).digest('base64url'));
  return { pk: key, sk: key };
};

export class RealtimeTicketRepository {
  constructor(
    private readonly table: Table,
    private readonly clock: Clock,
  ) {}

  /** A new ticket for the user's login session. */
  async issue(userId: string, sessionId: string): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = Math.floor(this.clock.now().getTime() / 1000) + REALTIME_TICKET_SECONDS;
    // `ttl` lets DynamoDB remove a ticket nobody used; `expiresAt` is what redeeming checks (TTL deletion is late).
    await this.table.client.send(new PutCommand({ TableName: this.table.name, Item: { ...keyOf(ticket), userId, sessionId, expiresAt, ttl: expiresAt } }));
    return ticket;
  }

  /** Whose ticket it was, deleting it; undefined when it is unknown, used or expired. */
  async redeem(ticket: string): Promise<{ userId: string; sessionId: string } | undefined> {
    try {
      const { Attributes } = await this.table.client.send(
        new DeleteCommand({
          TableName: this.table.name,
          Key: keyOf(ticket),
          ConditionExpression: 'attribute_exists(pk) AND expiresAt >= :now',
          ExpressionAttributeValues: { ':now': Math.floor(this.clock.now().getTime() / 1000) },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes ? { userId: String(Attributes.userId), sessionId: String(Attributes.sessionId) } : undefined;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return undefined;
      throw error;
    }
  }
}
