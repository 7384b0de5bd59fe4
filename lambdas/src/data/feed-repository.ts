// Feed items live under the user (sk FEED#{id}) with a boolean `read`; the items themselves arrive in a later issue.
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { keys, type Table } from './table';

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
}
