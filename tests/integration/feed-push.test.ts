// Web push of new feed items through the real API, DynamoDB Local and the web-push library, to a push-service double
// this file starts (HTTPS, trusted by the runtime it starts too): a device subscribes with a real P-256 key pair, a feed
// update stores items matching the user's keywords, and the push that arrives carries a VAPID JWT signed by the key the
// API serves and a payload that decrypts with the device's private key. Gone subscriptions are dropped, unsubscribing
// removes the record, another user can touch none of it, and bad bodies are refused with 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { startFeedFixtures, type FeedFixtures, type FixtureItem } from '../harness/feed-fixtures';
import { browserSubscription, decryptPush, startPushService, verifiedVapid, type PushServiceDouble } from '../harness/push-service';
import { startRuntime, type TestRuntime } from '../harness/runtime';
import { createUser, signedIn } from '../harness/users';

let runtime: TestRuntime;
let fixtures: FeedFixtures;
let pushService: PushServiceDouble;

beforeAll(async () => {
  [fixtures, pushService] = await Promise.all([startFeedFixtures(), startPushService()]);
  runtime = await startRuntime({ env: { NODE_EXTRA_CA_CERTS: pushService.certificatePath, ARTICLE_ALLOW_PRIVATE_HOSTS: 'true', FEED_TIMEOUT_MS: '2000' } });
});
afterAll(async () => {
  await runtime?.stop();
  await Promise.all([fixtures?.close(), pushService?.close()]);
});

const newUser = async () => {
  const user = await createUser(runtime);
  return { user, call: api(runtime, await signedIn(runtime, user)) };
};

const item = (n: number, title: string): FixtureItem => ({ id: `push-${n}`, title, summary: `About ${title}`, published: `2026-11-2${n}T08:00:00Z` });

/** A live source of the user's own, and the keywords; returns the settings' version. */
const follow = async (call: Api, feedName: string, keywords: string[]) => {
  const { version } = (await call('GET', '/feed/settings')).json as { version: number };
  const saved = await call('PUT', '/feed/settings', { version, sources: [{ url: `${fixtures.url}/live/${feedName}`, title: 'Journal' }], keywords });
  expect(saved.status).toBe(200);
};

const devicesOf = async (call: Api) => ((await call('GET', '/feed/push/devices')).json as unknown as { devices: { deviceId: string; lastUsed: string }[] }).devices;

const subscribe = async (call: Api, deviceId: string) => {
  const subscription = browserSubscription(`${pushService.url}/push/${deviceId}`);
  const answer = await call('PUT', `/feed/push/devices/${deviceId}`, subscription.json);
  expect(answer.status).toBe(200);
  expect(answer.json).toEqual({ deviceId, lastUsed: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  return subscription;
};

describe('a feed update pushes new items matching the keywords', () => {
  it('to every subscribed device: signed with the served VAPID key, encrypted for the device, lastUsed updated', async () => {
    const { user, call } = await newUser();
    const { publicKey } = (await call('GET', '/feed/push/public-key')).json as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    await follow(call, user.userId, ['sepsis', 'anticoagulation']);
    const phone = await subscribe(call, `${user.userId}-phone`);
    const laptop = await subscribe(call, `${user.userId}-laptop`);
    const subscribed = await devicesOf(call);
    const before = Date.now();
    fixtures.setItems(user.userId, [item(1, 'Statins in older adults'), item(2, 'Sepsis fluids trial'), item(3, 'Anticoagulation reversal in trauma')]);
    expect((await call('POST', '/feed/refresh')).json).toMatchObject({ added: 3 });

    for (const device of [phone, laptop]) {
      const id = device.json.endpoint.split('/').pop()!;
      const [push, ...more] = pushService.received(id);
      expect(more).toEqual([]);
      expect(push!.status).toBe(201);
      expect(push!.headers.ttl).toBe(String(24 * 60 * 60));
      const vapid = verifiedVapid(push!);
      expect(vapid.publicKey).toBe(publicKey);
      expect(vapid.claims).toMatchObject({ aud: pushService.url, sub: 'mailto:chartside@example.org' });
      expect(vapid.claims.exp * 1000).toBeGreaterThan(before);
      // Two of the three match a keyword; the newest of them names the push. Nothing about a patient, ever.
      expect(JSON.parse(decryptPush(push!, device))).toEqual({ type: 'feed.new-items', count: 2, title: 'Anticoagulation reversal in trauma', url: '/feed' });
    }

    // Each record's lastUsed moved to the push.
    const pushed = await devicesOf(call);
    for (const device of subscribed) expect(pushed.find((d) => d.deviceId === device.deviceId)!.lastUsed > device.lastUsed).toBe(true);

    // Nothing new, nothing pushed; a new item matching no keyword, nothing pushed either.
    await call('POST', '/feed/refresh');
    fixtures.setItems(user.userId, [item(1, 'Statins in older adults'), item(2, 'Sepsis fluids trial'), item(3, 'Anticoagulation reversal in trauma'), item(4, 'Gout flares')]);
    expect((await call('POST', '/feed/refresh')).json).toMatchObject({ added: 1 });
    expect(pushService.received(`${user.userId}-phone`)).toHaveLength(1);
  });

  it('not at all when the user has no keywords', async () => {
    const { user, call } = await newUser();
    await follow(call, user.userId, []);
    await subscribe(call, `${user.userId}-phone`);
    fixtures.setItems(user.userId, [item(1, 'Sepsis fluids trial')]);
    expect((await call('POST', '/feed/refresh')).json).toMatchObject({ added: 1 });
    expect(pushService.received(`${user.userId}-phone`)).toEqual([]);
  });

  it('drops a subscription the push service calls gone (410), keeps one that failed otherwise, and the update still succeeds', async () => {
    const { user, call } = await newUser();
    await follow(call, user.userId, ['sepsis']);
    const gone = `${user.userId}-gone`;
    const failing = `${user.userId}-failing`;
    const fine = `${user.userId}-fine`;
    await Promise.all([subscribe(call, gone), subscribe(call, failing), subscribe(call, fine)]);
    pushService.answer(gone, 410);
    pushService.answer(failing, 503);
    fixtures.setItems(user.userId, [item(1, 'Sepsis fluids trial')]);
    const refreshed = await call('POST', '/feed/refresh');
    expect(refreshed.status).toBe(200);
    expect(refreshed.json).toMatchObject({ added: 1 });
    expect([gone, failing, fine].map((id) => pushService.received(id).map((p) => p.status))).toEqual([[410], [503], [201]]);

    // The gone record was removed (DELETE finds nothing); the other two are still there.
    expect((await devicesOf(call)).map((d) => d.deviceId).sort()).toEqual([failing, fine].sort());
    expect((await call('DELETE', `/feed/push/devices/${gone}`)).status).toBe(404);
    expect((await call('DELETE', `/feed/push/devices/${failing}`)).status).toBe(200);
    expect((await call('DELETE', `/feed/push/devices/${fine}`)).status).toBe(200);
  });
});

describe('the device push token record', () => {
  it('is replaced by subscribing again (one per device) and removed by unsubscribing: no push after', async () => {
    const { user, call } = await newUser();
    await follow(call, user.userId, ['sepsis']);
    const deviceId = `${user.userId}-tablet`;
    await subscribe(call, deviceId);
    const renewed = await subscribe(call, deviceId);
    fixtures.setItems(user.userId, [item(1, 'Sepsis fluids trial')]);
    await call('POST', '/feed/refresh');
    const [push, ...more] = pushService.received(deviceId);
    expect(more).toEqual([]);
    expect(JSON.parse(decryptPush(push!, renewed))).toMatchObject({ count: 1 });

    expect((await devicesOf(call)).map((d) => d.deviceId)).toEqual([deviceId]);
    expect((await call('DELETE', `/feed/push/devices/${deviceId}`)).json).toEqual({ deleted: true });
    expect(await devicesOf(call)).toEqual([]);
    expect((await call('DELETE', `/feed/push/devices/${deviceId}`)).status).toBe(404);
    fixtures.setItems(user.userId, [item(1, 'Sepsis fluids trial'), item(2, 'Sepsis in pregnancy')]);
    expect((await call('POST', '/feed/refresh')).json).toMatchObject({ added: 1 });
    expect(pushService.received(deviceId)).toHaveLength(1);
  });

  it("is the user's own: another user can neither remove nor replace it, and a refresh of theirs never pushes to it", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await follow(alice.call, alice.user.userId, ['sepsis']);
    await follow(bob.call, bob.user.userId, ['sepsis']);
    const deviceId = `${alice.user.userId}-phone`;
    const aliceDevice = await subscribe(alice.call, deviceId);

    expect(await devicesOf(bob.call)).toEqual([]);
    expect((await bob.call('DELETE', `/feed/push/devices/${deviceId}`)).status).toBe(404);
    // Bob's PUT with the same device id makes a record of his own, under his partition; Alice's is untouched.
    const bobDevice = browserSubscription(`${pushService.url}/push/${bob.user.userId}-phone`);
    expect((await bob.call('PUT', `/feed/push/devices/${deviceId}`, bobDevice.json)).status).toBe(200);
    fixtures.setItems(bob.user.userId, [item(1, 'Sepsis fluids trial')]);
    await bob.call('POST', '/feed/refresh');
    expect(pushService.received(deviceId)).toEqual([]);
    expect(pushService.received(`${bob.user.userId}-phone`)).toHaveLength(1);

    fixtures.setItems(alice.user.userId, [item(2, 'Sepsis in pregnancy')]);
    await alice.call('POST', '/feed/refresh');
    const [push] = pushService.received(deviceId);
    expect(JSON.parse(decryptPush(push!, aliceDevice))).toMatchObject({ title: 'Sepsis in pregnancy' });
  });

  const good = browserSubscription('https://push.example.org/send/abc').json;
  it.each([
    ['an http endpoint', { ...good, endpoint: 'http://push.example.org/send/abc' }],
    ['an endpoint that is not an address', { ...good, endpoint: 'not a url' }],
    ['a javascript: endpoint', { ...good, endpoint: 'javascript:alert(1)' }],
    ['no keys', { endpoint: good.endpoint }],
    ['a p256dh that is not base64url', { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, 86)}+` } }],
    ['a p256dh of the wrong length', { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }],
    ['an auth of the wrong length', { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } }],
    ['an unknown field', { ...good, userId: 'someone' }],
  ])('refuses %s with 400', async (_what, body) => {
    const { call } = await newUser();
    const answer = await call('PUT', '/feed/push/devices/phone', body);
    expect(answer.status).toBe(400);
    expect(answer.json.error?.code).toBe('validation_failed');
    expect(answer.json.error?.message).toBeTruthy();
  });

  it.each([
    ['GET', '/feed/push/public-key'],
    ['GET', '/feed/push/devices'],
    ['PUT', '/feed/push/devices/phone'],
    ['DELETE', '/feed/push/devices/phone'],
  ])('%s %s needs a signed-in user (401)', async (method, path) => {
    expect((await api(runtime)(method, path, method === 'PUT' ? good : undefined)).status).toBe(401);
  });
});
