// The audit table: its own table, not the data table, so that in the cloud its only writer is the audit writer function
// (PutItem and nothing else) while the API's role may only Query it. Entries sit under their user, newest last by sort
// key `{at}#{id}`, so a user's trail is one partition read backwards and no key reaches another user's entries.
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { AuditEntry } from '@chartside/shared';
import { isConditionalCheckFailed, keys, type Table } from './table';

/** The audit table's shape, shared by the local runtime (which creates it) and the CDK construct. */
export const auditTableDefinition = { partitionKey: 'pk', sortKey: 'sk', ttlAttribute: 'ttl' } as const;

const sortKeyOf = (entry: Pick<AuditEntry, 'at' | 'id'>) => `${entry.at}#${entry.id}`;

/**
 * Adds one entry, kept until `expiresAt` (epoch seconds; DynamoDB's TTL removes it after). attribute_not_exists means a
 * put can never replace an entry, so even a repeated id changes nothing already recorded.
 */
export const appendAuditEntry = async (table: Table, entry: AuditEntry, expiresAt: number): Promise<void> => {
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: { pk: keys.user(entry.userId), sk: sortKeyOf(entry), ...entry, ttl: expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
};

/** Reads a user's own trail; it has no way to change or delete an entry (the cloud role could not either). */
export class AuditTrailRepository {
  constructor(private readonly table: Table) {}

  /** Newest first, `limit` entries from after `cursor` (the previous page's nextCursor). */
  async page(userId: string, options: { cursor?: string; limit: number }): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
    const pk = keys.user(userId);
    const { Items = [], LastEvaluatedKey } = await this.table.client.send(
      new QueryCommand({
        TableName: this.table.name,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: false,
        Limit: options.limit,
        ...(options.cursor ? { ExclusiveStartKey: { pk, sk: options.cursor } } : {}),
      }),
    );
    const entries = Items.map((item) => AuditEntry.parse({ id: item.id, at: item.at, userId: item.userId, patientIds: item.patientIds, action: item.action, sessionId: item.sessionId, clientIp: item.clientIp }));
    return { entries, nextCursor: LastEvaluatedKey ? String(LastEvaluatedKey.sk) : null };
  }
}
