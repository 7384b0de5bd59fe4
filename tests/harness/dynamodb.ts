// Direct access to a runtime's DynamoDB Local, for tests that set up or inspect items no API writes yet.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TestRuntime } from './runtime';

export const localTable = (runtime: Pick<TestRuntime, 'dataDir'>) => {
  const { dynamodb, tableName } = JSON.parse(readFileSync(path.join(runtime.dataDir, 'endpoints.json'), 'utf8')) as { dynamodb: string; tableName: string };
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  return {
    put: (item: Record<string, unknown>) => client.send(new PutCommand({ TableName: tableName, Item: item })),
    get: async (pk: string, sk: string) => (await client.send(new GetCommand({ TableName: tableName, Key: { pk, sk }, ConsistentRead: true }))).Item,
    /** Every item of one partition whose sort key starts with the prefix. */
    query: async (pk: string, prefix: string) => {
      const items: Record<string, unknown>[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
            ConsistentRead: true,
            ExclusiveStartKey,
          }),
        );
        items.push(...(page.Items ?? []));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return items;
    },
  };
};
