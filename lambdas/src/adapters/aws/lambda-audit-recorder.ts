// The AuditRecorder in the cloud: a synchronous invocation of the audit writer function. The API's role may invoke it
// and Query the audit table, nothing more there: only the writer's role may put entries, and no role may change or
// delete one (see infra/lib/constructs/audit.ts).
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { MAX_AUDIT_EVENTS } from '@chartside/shared';
import type { AuditRecorder } from '../../ports/audit-recorder';

export const lambdaAuditRecorder = (client: LambdaClient, functionName: string): AuditRecorder => ({
  async record(events) {
    // The writer takes at most MAX_AUDIT_EVENTS per call (well inside the 6 MB payload limit); a bigger panel goes in parts.
    for (let i = 0; i < events.length; i += MAX_AUDIT_EVENTS) {
      const Payload = JSON.stringify({ events: events.slice(i, i + MAX_AUDIT_EVENTS) });
      const { StatusCode, FunctionError } = await client.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'RequestResponse', Payload }));
      if (StatusCode !== 200 || FunctionError) throw new Error(`the audit writer did not record the entries (${FunctionError ?? `status ${StatusCode}`})`);
    }
  },
});
