import { DescribeTableCommand, DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Table } from '../../data/table';

/**
 * A DynamoDB request with no answer after this long is given up and tried again (the SDK's retries, then the API's 503),
 * rather than holding its caller until the function's own timeout (the HTTP function's is 28 s: three tries fit).
 */
export const DYNAMODB_REQUEST_TIMEOUT_MS = 5_000;

export const documentTable = (name: string, config: DynamoDBClientConfig = {}, requestTimeoutMs = DYNAMODB_REQUEST_TIMEOUT_MS): Table => {
  const client = new DynamoDBClient({ requestHandler: { requestTimeout: requestTimeoutMs, throwOnRequestTimeout: true }, ...config });
  // The SDK's logger middleware copies every request and answer, masking sensitive members, for a logger we never give
  // it (its default logs nothing): a tenth of the Node time of listing 500 patients.
  client.middlewareStack.remove('loggerMiddleware');
  return { name, client: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } }) };
};

/** Health probe: the table answers and is active. */
export const tableIsActive = async (table: Table): Promise<{ ok: boolean; detail?: string }> => {
  try {
    const { Table: description } = await table.client.send(new DescribeTableCommand({ TableName: table.name }));
    return description?.TableStatus === 'ACTIVE' ? { ok: true } : { ok: false, detail: `table ${description?.TableStatus ?? 'missing'}` };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.name : 'unreachable' };
  }
};
