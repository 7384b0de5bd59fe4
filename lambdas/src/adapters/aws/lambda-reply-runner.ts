// The ReplyRunner in the cloud: an asynchronous invocation of the chat reply function, which may stream for minutes
// after the HTTP request that started it has been answered.
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { ReplyRunner } from '../../ports/reply-runner';

export const lambdaReplyRunner = (client: LambdaClient, functionName: string): ReplyRunner => ({
  async start(job, { stored }) {
    if (!(await stored)) return;
    const { StatusCode } = await client.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: JSON.stringify(job) }));
    if (StatusCode !== 202) throw new Error(`the chat reply function was not started (status ${StatusCode})`);
  },
});
