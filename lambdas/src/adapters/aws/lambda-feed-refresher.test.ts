import { LambdaClient } from '@aws-sdk/client-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { userOfRefreshEvent } from '../../jobs/feed-refresh';
import { startLambdaDouble, type LambdaDouble } from '../../test/lambda-double';
import { lambdaFeedRefresher } from './lambda-feed-refresher';

let double: LambdaDouble | undefined;
afterEach(() => double?.close());

const clientOf = (url: string) => new LambdaClient({ endpoint: url, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 });

describe('the manual feed update in the cloud', () => {
  it("invokes the feed refresh function synchronously for the user, which refreshes that user alone, and answers with what it added", async () => {
    double = await startLambdaDouble((_name, payload) => {
      const userId = userOfRefreshEvent(payload);
      return { added: 2, sources: [{ id: `of-${userId}`, added: 2 }] };
    });
    const refresher = lambdaFeedRefresher(clientOf(double.url), 'chartside-feed-refresh');
    expect(await refresher.refresh('user-1')).toEqual({ added: 2, sources: [{ id: 'of-user-1', added: 2 }] });
    expect(double.invocations).toEqual([{ functionName: 'chartside-feed-refresh', type: 'RequestResponse', payload: { userId: 'user-1' } }]);
  });

  it('fails when the function failed, or answered with something else', async () => {
    double = await startLambdaDouble((_name, payload) => {
      if (userOfRefreshEvent(payload) === 'broken') throw new Error('the table is unreachable');
      return { refreshed: true };
    });
    const refresher = lambdaFeedRefresher(clientOf(double.url), 'chartside-feed-refresh');
    await expect(refresher.refresh('broken')).rejects.toThrow('the feed refresh function did not refresh the feed (Unhandled)');
    await expect(refresher.refresh('user-1')).rejects.toThrow();
  });

  it("tells the API's one-user event from the schedule's", () => {
    expect(userOfRefreshEvent({ userId: 'user-1' })).toBe('user-1');
    for (const scheduled of [{}, undefined, null, 'tick', { userId: '' }, { userId: 3 }]) expect(userOfRefreshEvent(scheduled)).toBeUndefined();
  });
});
