// The AuditRecorder in the cloud: a synchronous invocation of the audit writer function. The API's role may invoke it
// and Query the audit table, nothing more there: only the writer's role may put entries, and no role may change or
// delete one (see infra/lib/constructs/audit.ts).
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { AuditRecorder } from '../../ports/audit-recorder';

export const lambdaAuditRecorder = (client: LambdaClient, functionName: string): AuditRecorder => ({
  async record(events) {
    if (events.length === 0) return;
    const { StatusCode, FunctionError } = await client.send(
      new InvokeCommand({ FunctionName: functionName, InvocationType: 'RequestResponse', Payload: JSON.stringify({ events }) }),
    );
    if (StatusCode !== 200 || FunctionError) throw new Error(`the audit writer did not record the entries (${FunctionError ?? `status ${StatusCode}`})`);
  },
});
