// The fictional sample a newcomer sees: the demo clinician `npm start` makes has it, and `npm run users -- add … --sample`
// gives it to any user of the local runtime, read back through the API as the web app reads it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ChatSession, ChatSessionSummary, FeedSettings, PatientSummary, Resource, ResourceSummary, UserDocument } from '@chartside/shared';
import { describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { signedIn, usersCli } from '../harness/users';

const runtime = sharedRuntime();

const ok = async <T>(call: Promise<{ status: number; json: unknown; text: string }>) => {
  const { status, json, text } = await call;
  if (status !== 200) throw new Error(`answered ${status}: ${text}`);
  return json as T;
};

/** Everything the sample gives, as one user sees it. */
const expectSample = async (asUser: Api) => {
  const { patients } = await ok<{ patients: PatientSummary[] }>(asUser('GET', '/patients'));
  expect(patients.map((p) => p.lastname).sort()).toEqual(['Demo', 'Example', 'Sample']);
  expect(patients.every((p) => p.tags.includes('Sample') && p.mrn.startsWith('DEMO-'))).toBe(true);
  expect(patients.flatMap((p) => p.tasks).length).toBeGreaterThanOrEqual(5);

  const { resources } = await ok<{ resources: ResourceSummary[] }>(asUser('GET', '/resources'));
  expect(resources).toHaveLength(1);
  const article = await ok<Resource>(asUser('GET', `/resources/${resources[0]!.id}`));
  expect(article).toMatchObject({ type: 'article', favorite: true });
  const [pdf] = article.files;
  const { url } = await ok<{ url: string }>(asUser('POST', '/files/download-url', { filePath: pdf!.filePath }));
  const bytes = Buffer.from(await (await fetch(new URL(url, runtime.url))).arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBe(pdf!.size);

  const me = await ok<UserDocument>(asUser('GET', '/me'));
  expect(Object.keys(me.templates)).toEqual(expect.arrayContaining(['Daily progress note', 'Heart failure discharge checklist']));
  expect(me.patientTags).toEqual(expect.arrayContaining(['Sample']));

  const feed = await ok<FeedSettings>(asUser('GET', '/feed/settings'));
  expect(feed.sources).toHaveLength(1);

  const { chats } = await ok<{ chats: ChatSessionSummary[] }>(asUser('GET', '/chats'));
  expect(chats).toHaveLength(1);
  const chat = await ok<ChatSession>(asUser('GET', `/chats/${chats[0]!.id}`));
  expect(chat.resourceId).toBe(article.id);
  expect(chat.messages.map((m) => [m.role, m.status])).toEqual([
    ['user', 'complete'],
    ['model', 'complete'],
  ]);
};

describe('the fictional sample', () => {
  it('is what the demo clinician starts with', async () => {
    const demo = JSON.parse(readFileSync(path.join(runtime.dataDir, 'demo-user.json'), 'utf8')) as { email: string; password: string };
    await expectSample(api(runtime, await signedIn(runtime, demo)));
  });

  it("is given to a new user with 'users add --sample', and only to that user", async () => {
    const email = `sample-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const password = `Pw-${crypto.randomUUID()}`;
    const { stdout } = await usersCli(runtime, ['add', '--email', email, '--password', password, '--sample']);
    expect(stdout).toContain('with the sample data');
    await expectSample(api(runtime, await signedIn(runtime, { email, password })));

    const other = `plain-${crypto.randomUUID().slice(0, 8)}@example.org`;
    await usersCli(runtime, ['add', '--email', other, '--password', password]);
    expect(await ok(api(runtime, await signedIn(runtime, { email: other, password }))('GET', '/patients'))).toEqual({ patients: [] });
  });
});
