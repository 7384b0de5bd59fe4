// WebSocket connections, kept under their user so a broadcast is one query.
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../ports/clock';
import { keys, tableDefinition, type Table } from './table';

export interface Connection {
  connectionId: string;
  userId: string;
  /** The browser tab that opened it, so a tab is not sent its own changes. */
  clientId: string;
  connectedAt: string;
}

/** API Gateway closes a WebSocket after 2 hours; the record expires a little later in case $disconnect never ran. */
const CONNECTION_TTL_SECONDS = 3 * 60 * 60;

export class ConnectionRepository {
  constructor(
    private readonly table: Table,
    private readonly clock: Clock,
  ) {}

  async put(connection: Connection): Promise<void> {
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.name,
        Item: {
          pk: keys.user(connection.userId),
          sk: keys.connection(connection.connectionId),
          gsi1pk: keys.connection(connection.connectionId),
          gsi1sk: keys.connection(connection.connectionId),
          ttl: Math.floor(this.clock.now().getTime() / 1000) + CONNECTION_TTL_SECONDS,
          ...connection,
        },
      }),
    );
  }

  async listForUser(userId: string): Promise<Connection[]> {
    const { Items = [] } = await this.table.client.send(
      new QueryCommand({
        TableName: this.table.name,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': keys.connection('') },
      }),
    );
    return Items.map(({ connectionId, userId: owner, clientId, connectedAt }) => ({ connectionId, userId: owner, clientId, connectedAt }));
  }

  /** Forgets a connection; $disconnect only knows its id, so it is found through the index. */
  async remove(connectionId: string): Promise<void> {
    const { Items = [] } = await this.table.client.send(
      new QueryCommand({
        TableName: this.table.name,
        IndexName: tableDefinition.gsi1.name,
        KeyConditionExpression: 'gsi1pk = :id',
        ExpressionAttributeValues: { ':id': keys.connection(connectionId) },
      }),
    );
    await Promise.all(
      Items.map((item) => this.table.client.send(new DeleteCommand({ TableName: this.table.name, Key: { pk: item.pk, sk: item.sk } }))),
    );
  }

  async removeForUser(userId: string, connectionId: string): Promise<void> {
    await this.table.client.send(
      new DeleteCommand({ TableName: this.table.name, Key: { pk: keys.user(userId), sk: keys.connection(connectionId) } }),
    );
  }
}
