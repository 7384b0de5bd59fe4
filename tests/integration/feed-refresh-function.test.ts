// The cloud's scheduled feed refresh function (lambdas/src/handlers/feed-refresh.ts) run against a runtime of its own,
// with the AWS SDK pointed at its DynamoDB Local: every user with feed settings is refreshed and each source's outcome
// recorded (the cloud fetches public addresses only, so the fixture server on this machine is refused, as it must be),
// and no user is started once the function's time is nearly up. Invoked by the API's manual update, it refreshes that
// one user.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { startFeedFixtures, type FeedFixtures } from '../harness/feed-fixtures';
import { startRuntime, type TestRuntime } from '../harness/runtime';
import { createUser, signedIn } from '../harness/users';

interface Summary {
  users: number;
  added: number;
  failedUsers: number;
  skippedUsers: number;
}
type Handler = (event: unknown, context: { getRemainingTimeInMillis: () => number }) => Promise<unknown>;

let runtime: TestRuntime;
let fixtures: FeedFixtures;
let handler: Handler;
const users: Api[] = [];
const userIds: string[] = [];

const sourceStatuses = async (call: Api) =>
  ((await call('GET', '/feed/settings')).json as unknown as { sources: { title: string; status?: { error?: string; checkedAt: string } }[] }).sources;

beforeAll(async () => {
  [runtime, fixtures] = await Promise.all([startRuntime(), startFeedFixtures()]);
  for (const n of [1, 2]) {
    const user = await createUser(runtime);
    const call = api(runtime, await signedIn(runtime, user));
    userIds.push(user.userId);
    const saved = await call('PUT', '/feed/settings', { version: 0, keywords: [], sources: [{ url: `${fixtures.url}/feed.json`, title: `Journal ${n}` }] });
    expect(saved.status).toBe(200);
    users.push(call);
  }
  const { dynamodb, tableName } = JSON.parse(readFileSync(path.join(runtime.dataDir, 'endpoints.json'), 'utf8')) as { dynamodb: string; tableName: string };
  // What CDK sets on the function, and the SDK's endpoint of DynamoDB Local. No user has an open socket, so the
  // WebSocket endpoint is never called.
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    AWS_ENDPOINT_URL_DYNAMODB: dynamodb,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    WS_MANAGEMENT_ENDPOINT: 'https://example.execute-api.us-east-1.amazonaws.com/prod',
    LOG_LEVEL: 'ERROR',
  });
  ({ handler } = (await import('@chartside/lambdas/handlers/feed-refresh')) as { handler: Handler });
});
afterAll(async () => {
  await runtime?.stop();
  await fixtures?.close();
});

describe('the scheduled feed refresh function', () => {
  // The users with feed settings: these two, and any the runtime made at its first start.
  let withSettings = 0;

  it('starts no user when less than two minutes are left, and leaves every source as it was', async () => {
    const summary = (await handler({}, { getRemainingTimeInMillis: () => 60_000 })) as Summary;
    expect(summary).toMatchObject({ users: 0, added: 0, failedUsers: 0 });
    expect(summary.skippedUsers).toBeGreaterThanOrEqual(users.length);
    withSettings = summary.skippedUsers;
    for (const call of users) expect((await sourceStatuses(call)).every((source) => source.status === undefined)).toBe(true);
  });

  it("refreshes one user alone for the API's manual update, and answers with what it added", async () => {
    const answer = await handler({ userId: userIds[0] }, { getRemainingTimeInMillis: () => 900_000 });
    expect(answer).toEqual({ added: 0, sources: [{ id: expect.any(String), added: 0, error: expect.stringMatching(/not on the public internet/) }] });
    expect((await sourceStatuses(users[0]!))[0]!.status?.error).toMatch(/not on the public internet/);
    expect((await sourceStatuses(users[1]!))[0]!.status).toBeUndefined();
  });

  it("refreshes every user with feed settings and records each source's outcome; this machine's address is refused", async () => {
    expect(await handler({}, { getRemainingTimeInMillis: () => 900_000 })).toEqual({ users: withSettings, added: 0, failedUsers: 0, skippedUsers: 0 });
    for (const call of users) {
      const [source] = await sourceStatuses(call);
      expect(source!.status?.error).toMatch(/not on the public internet/);
    }
    expect(fixtures.requests('/feed.json')).toEqual([]);
  });
});
