// The FeedRefresher in the cloud: a synchronous invocation of the feed refresh function for one user (see
// handlers/feed-refresh.ts), which answers with what the refresh added.
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { FeedRefreshResponse } from '@chartside/shared';
import type { FeedRefresher } from '../../ports/feed-refresher';

export const lambdaFeedRefresher = (client: LambdaClient, functionName: string): FeedRefresher => ({
  async refresh(userId) {
    const { StatusCode, FunctionError, Payload } = await client.send(
      new InvokeCommand({ FunctionName: functionName, InvocationType: 'RequestResponse', Payload: JSON.stringify({ userId }) }),
    );
    if (StatusCode !== 200 || FunctionError) throw new Error(`the feed refresh function did not refresh the feed (${FunctionError ?? `status ${StatusCode}`})`);
    return FeedRefreshResponse.parse(JSON.parse(new TextDecoder().decode(Payload)));
  },
});
