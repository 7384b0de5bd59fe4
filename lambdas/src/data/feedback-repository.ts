// Feedback, stored under its sender (sk FEEDBACK#{createdAt}#{id}) so it is theirs like everything else, and on gsi1
// under one FEEDBACK partition so administrators can list every user's feedback, newest first, in one query.
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Feedback } from '@chartside/shared';
import { keys, tableDefinition, type Table } from './table';

const FEEDBACK_INDEX_PARTITION = 'FEEDBACK';
const feedbackSortKey = (feedback: Pick<Feedback, 'createdAt' | 'id'>) => `FEEDBACK#${feedback.createdAt}#${feedback.id}`;

export class FeedbackRepository {
  constructor(private readonly table: Table) {}

  async add(userId: string, feedback: Feedback): Promise<void> {
    const sk = feedbackSortKey(feedback);
    await this.table.client.send(
      new PutCommand({ TableName: this.table.name, Item: { pk: keys.user(userId), sk, gsi1pk: FEEDBACK_INDEX_PARTITION, gsi1sk: sk, ...feedback } }),
    );
  }

  /** The newest `limit` feedback of every user. */
  async listAll(limit: number): Promise<Feedback[]> {
    const { Items = [] } = await this.table.client.send(
      new QueryCommand({
        TableName: this.table.name,
        IndexName: tableDefinition.gsi1.name,
        KeyConditionExpression: 'gsi1pk = :feedback',
        ExpressionAttributeValues: { ':feedback': FEEDBACK_INDEX_PARTITION },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return Items.map((item) => Feedback.parse(item));
  }
}
