import { DescribeTableCommand, DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Table } from '../../data/table';

export const documentTable = (name: string, config: DynamoDBClientConfig = {}): Table => ({
  name,
  client: DynamoDBDocumentClient.from(new DynamoDBClient(config), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }),
});

/** Health probe: the table answers and is active. */
export const tableIsActive = async (table: Table): Promise<{ ok: boolean; detail?: string }> => {
  try {
    const { Table: description } = await table.client.send(new DescribeTableCommand({ TableName: table.name }));
    return description?.TableStatus === 'ACTIVE' ? { ok: true } : { ok: false, detail: `table ${description?.TableStatus ?? 'missing'}` };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.name : 'unreachable' };
  }
};
