// Every route the API documents, called as nobody, as another user, and with a signed-out session: never the first
// user's data. Then malformed and fuzzed input to every route that takes a body: always a 4xx, never a 500.
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyBackupCounts } from '@chartside/shared';
import { api, startSession, type Api, type Auth } from '../harness/api';
import { localTable } from '../harness/dynamodb';
import { noteSection, patientRecord } from '../harness/patients';
import { browserSubscription } from '../harness/push-service';
import { sharedRuntime } from '../harness/shared-runtime';
import { accessTokenOf, createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const table = localTable(runtime);
const today = () => new Date().toISOString().slice(0, 10);

interface Operation {
  method: string;
  /** As documented, e.g. /api/sessions/{sessionId}/sign-out */
  path: string;
  secured: boolean;
  hasBody: boolean;
}
const keyOf = (op: Operation) => `${op.method} ${op.path}`;

/** A valid body for each route that takes one, built for the caller (PATCH /me needs the caller's version). */
const validBodies: Record<string, (as: Api) => Promise<unknown>> = {
  'POST /api/sessions': async () => ({ type: 'private' }),
  'PATCH /api/me': async (as) => ({ version: (await as('GET', '/me')).json.version, cprs: true }),
  'POST /api/backups/daily': async () => ({ backupDate: today() }),
  'POST /api/tags/rename': async () => ({ kind: 'resource', from: 'Alice Tag', to: 'Renamed By Someone' }),
  'POST /api/tags/delete': async () => ({ kind: 'resource', tag: 'Alice Tag' }),
  'POST /api/search': async () => ({ query: 'alice', tags: ['Alice Tag'] }),
  'POST /api/resources': async () => ({ name: 'A new resource', type: 'text' }),
  'PATCH /api/resources/{resourceId}': async () => ({ version: 1, name: 'Renamed By Someone', favorite: true }),
  'POST /api/files/uploads': async () => ({ fileName: 'scan.pdf', size: 10 }),
  'POST /api/files/download-url': async () => ({ filePath: alicesFilePath }),
  'POST /api/files/delete': async () => ({ filePath: alicesFilePath }),
  'POST /api/files/content': async () => ({ filePath: alicesFilePath }),
  'POST /api/documents': async () => ({ fileName: 'scan.pdf', size: 10 }),
  'PATCH /api/documents/{fileId}': async () => ({ name: 'Renamed By Someone.txt' }),
  'POST /api/admin/file-cleaner/delete': async () => ({ keys: [alicesFilePath] }),
  'POST /api/feedback': async () => ({ message: 'The panel print cuts the last card.' }),
  'POST /api/articles/resolve-doi': async () => ({ doi: '10.1056/NEJMoa2034577' }),
  'POST /api/articles/lookup': async () => ({ articleUrl: `${inject('articleFixturesUrl')}/articles/nejm-bnt162b2` }),
  'POST /api/patients': async () => ({ lastname: 'New', firstname: 'Patient', tags: ['Someone Else Tag'] }),
  'PATCH /api/patients/{patientId}': async () => ({ version: 1, room: 'Taken Over', fields: { events: noteSection(200) } }),
  // An import naming Alice's patient id creates the caller's own patient under that id; Alice's stays as it was.
  'POST /api/patients/import': async () => ({ patients: [patientRecord({ id: alicesIds.patientId!, lastname: 'Imported By Someone', tags: [] })] }),
  'PUT /api/patients/{patientId}/time-tracking': async () => ({ steps: [{ id: 'visit', name: 'Visit', time: 99 }], lastActiveStep: 'visit', lastUpdated: new Date().toISOString() }),
  'POST /api/extraction': async () => ({ text: '#1 CHF\n- diurese', mode: 'vertex' }),
  // A chat under a new id is the caller's own; Alice's chat id names hers, which nobody else finds.
  'POST /api/chats': async () => ({ id: `chat-${crypto.randomUUID()}` }),
  'PATCH /api/chats/{chatId}': async () => ({ title: 'Renamed By Someone' }),
  'POST /api/chats/{chatId}/messages': async () => ({ messageId: crypto.randomUUID(), text: 'Tell me what Alice asked' }),
  'POST /api/transform': async () => ({ images: [{ type: 'image', mimeType: 'image/png', data: PIXEL }] }),
  // Answered from the caller's own library only: Alice's resources and tag never reach anyone else's answer (the words
  // are lower case so that the model double's echo of the question is no secret).
  'POST /api/library/ask': async () => ({ message: 'What does my library hold about the alice resource and its alice tag?', conversationHistory: [] }),
  'POST /api/admissions': async () => ({}),
  'PATCH /api/admissions/{admissionId}': async () => ({ version: 1, title: 'Taken Over' }),
  'PUT /api/feed/settings': async () => ({ version: 0, sources: [], keywords: ['taken over'] }),
  'PATCH /api/feed/items/{itemId}': async () => ({ read: true }),
  'PUT /api/feed/push/devices/{deviceId}': async () => browserSubscription('https://push.example.org/send/someone').json,
  'POST /api/backups/{date}/restore': async () => ({ expect: { add: emptyBackupCounts(), replace: emptyBackupCounts() } }),
  'POST /api/secure/encrypt': async () => ({ fileName: 'note.txt', data: Buffer.from('a note').toString('base64') }),
  'POST /api/speech': async () => ({ text: 'Read this aloud.' }),
  // The caller's own file, encrypted for them: another user's would be refused as undecryptable (secure-files.test.ts).
  'POST /api/secure/decrypt': async (as) => {
    const { json } = await as('POST', '/secure/encrypt', { fileName: 'note.txt', data: Buffer.from('a note').toString('base64') });
    return { fileName: 'note.txt.chartside', data: json?.data ?? Buffer.from('not encrypted').toString('base64') };
  },
};
/** A 1×1 PNG. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** Public by design; the OpenAPI document (also public) does not list itself. */
const PUBLIC_ROUTES = ['GET /api/health'];
/**
 * What a model may answer that is not a failure of ours: 503 model_not_configured in a runtime without one, 502
 * bad_gateway when its answer is not what was asked for (the model double echoes, so extraction gets no list), and
 * 503 unavailable from server speech, which this runtime has not (no Polly).
 */
const modelAnswered = (json: { error?: { code: string } } | undefined) =>
  json?.error?.code === 'model_not_configured' || json?.error?.code === 'bad_gateway' || json?.error?.code === 'unavailable';

let alice: TestUser;
let aliceAuth: Auth;
let operations: Operation[];

/** The path with each parameter replaced by the id of one of Alice's records. */
let alicesIds: Record<string, string>;
/** The key of a file Alice uploaded. */
let alicesFilePath: string;
const withIds = (path: string, ids: Record<string, string>) =>
  path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? `no-${name}`));

/** Every value under a key named userId, anywhere in a JSON body. */
const userIdsIn = (value: unknown): unknown[] => {
  if (Array.isArray(value)) return value.flatMap(userIdsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === 'userId' ? [v] : userIdsIn(v)));
  }
  return [];
};

beforeAll(async () => {
  alice = await createUser(runtime);
  aliceAuth = await signedIn(runtime, alice);
  const asAlice = api(runtime, aliceAuth);
  const { version } = (await asAlice('GET', '/me')).json;
  await asAlice('PATCH', '/me', { version, resourceTags: ['Alice Tag'], attendings: ['Dr Alice'] });
  await table.put({ pk: `USER#${alice.userId}`, sk: 'RESOURCE#alice-1', tags: ['Alice Tag'], version: 1 });
  await table.put({ pk: `USER#${alice.userId}`, sk: 'FEED#alice-1', read: false });
  expect((await asAlice('PUT', '/feed/push/devices/alice-phone', browserSubscription('https://push.example.org/send/alice').json)).status).toBe(200);
  const upload = (await asAlice('POST', '/files/uploads', { fileName: 'alice.txt', size: 5 })).json as { file: { filePath: string }; uploadUrl: string; headers: Record<string, string> };
  expect((await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: 'alice' })).status).toBe(200);
  alicesFilePath = upload.file.filePath;
  // An article with an open-access PDF, so a route that let someone else fetch it would change it (its version).
  const aliceArticle = { doi: '', title: 'Alice article', journal_name: '', published_date: '', crossref: false, authors: [], oa_locations: [{ url_for_pdf: `${inject('articleFixturesUrl')}/pdfs/article.pdf` }] };
  const aliceResource = (await asAlice('POST', '/resources', { name: 'Alice resource', type: 'article', article: aliceArticle })).json;
  const alicePatient = (await asAlice('POST', '/patients', { lastname: 'Alice Patient', firstname: 'Private', tags: ['Alice Tag'] })).json;
  const aliceChat = (await asAlice('POST', '/chats', { id: `chat-${crypto.randomUUID()}` })).json;
  const aliceAdmission = (await asAlice('POST', '/admissions', {})).json;
  const aliceMessage = (await asAlice('POST', `/chats/${String(aliceChat.id)}/messages`, { messageId: crypto.randomUUID(), text: 'Alice asks in private' })).json as { message: { id: string } };
  alicesIds = {
    sessionId: aliceAuth.sessionId,
    resourceId: String(aliceResource.id),
    patientId: String(alicePatient.id),
    chatId: String(aliceChat.id),
    messageId: aliceMessage.message.id,
    fileId: alicesFilePath.slice(alicesFilePath.lastIndexOf('/') + 1),
    admissionId: String(aliceAdmission.id),
    date: today(),
    deviceId: 'alice-phone',
  };

  const doc = (await api(runtime)('GET', '/openapi.json')).json as { paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => ({
      method: method.toUpperCase(),
      path,
      secured: Array.isArray(spec.security) && spec.security.length > 0,
      hasBody: spec.requestBody !== undefined,
    })),
  );
  // Terminate-all signs the caller out everywhere: run it last.
  operations.sort((a, b) => Number(a.path.endsWith('sign-out-all')) - Number(b.path.endsWith('sign-out-all')));
});

describe('the documented routes', () => {
  it('are all secured but health and the OpenAPI document, and this test knows a valid body for each that takes one', () => {
    expect(operations.length).toBeGreaterThanOrEqual(12);
    expect(operations.filter((op) => !op.secured).map(keyOf).sort()).toEqual(PUBLIC_ROUTES);
    expect(operations.filter((op) => op.hasBody).map(keyOf).sort()).toEqual(Object.keys(validBodies).sort());
  });

  it('serve the health report and the API description without a token', async () => {
    expect((await api(runtime)('GET', '/health')).status).toBe(200);
    expect((await api(runtime)('GET', '/openapi.json')).status).toBe(200);
  });
});

describe('without a token', () => {
  it('every secured route answers 401 unauthorized', async () => {
    for (const op of operations.filter((o) => o.secured)) {
      const body = op.hasBody ? await validBodies[keyOf(op)]!(api(runtime, aliceAuth)) : undefined;
      const { status, json } = await api(runtime)(op.method, withIds(op.path, alicesIds), body);
      expect([keyOf(op), status, json?.error?.code]).toEqual([keyOf(op), 401, 'unauthorized']);
    }
  });
});

describe("with another user's token and live session", () => {
  it("no route answers with, or changes, the first user's data", async () => {
    const bob = await createUser(runtime);
    const bobToken = await accessTokenOf(runtime, bob);
    const secrets = [alice.userId, alice.email, aliceAuth.sessionId, 'Alice Tag', 'Dr Alice', 'Alice asks in private'];
    for (const op of operations.filter((o) => o.secured)) {
      const asBob = api(runtime, await startSession(runtime, bobToken));
      const body = op.hasBody ? await validBodies[keyOf(op)]!(asBob) : undefined;
      const { status, json, text } = await asBob(op.method, withIds(op.path, alicesIds), body);
      expect([keyOf(op), [200, 401, 403, 404].includes(status) || modelAnswered(json)]).toEqual([keyOf(op), true]);
      for (const secret of secrets) expect([keyOf(op), text.includes(secret)]).toEqual([keyOf(op), false]);
      if (status === 200) for (const id of userIdsIn(json)) expect([keyOf(op), id]).toEqual([keyOf(op), bob.userId]);
    }
    // Alice is untouched: her session is live, her tags and items as she left them, her feed still unread.
    const asAlice = api(runtime, aliceAuth);
    expect((await asAlice('GET', '/sessions/current')).status).toBe(200);
    expect((await asAlice('GET', '/me')).json).toMatchObject({ resourceTags: ['Alice Tag'], attendings: ['Dr Alice'], cprs: false });
    expect((await table.get(`USER#${alice.userId}`, 'RESOURCE#alice-1'))?.tags).toEqual(['Alice Tag']);
    expect((await asAlice('GET', '/feed/unread-count')).json).toEqual({ count: 1 });
    expect((await asAlice('GET', '/feed/push/devices')).json).toMatchObject({ devices: [{ deviceId: 'alice-phone' }] });
    expect((await asAlice('GET', `/resources/${alicesIds.resourceId}`)).json).toMatchObject({ name: 'Alice resource', favorite: false, version: 1 });
    expect((await asAlice('POST', '/files/download-url', { filePath: alicesFilePath })).status).toBe(200);
    expect((await asAlice('GET', `/patients/${alicesIds.patientId}`)).json).toMatchObject({ lastname: 'Alice Patient', room: '', fields: {}, version: 1 });
    expect((await asAlice('GET', `/patients/${alicesIds.patientId}/time-tracking`)).json).toMatchObject({ lastActiveStep: null });
    const aliceChat = (await asAlice('GET', `/chats/${alicesIds.chatId}`)).json as { title: string; messages: { id: string }[] };
    expect(aliceChat.title).toBe('Alice asks in private');
    expect(aliceChat.messages.map((m) => m.id)).toContain(alicesIds.messageId);
    expect((await asAlice('GET', `/admissions/${alicesIds.admissionId}`)).json?.title).not.toBe('Taken Over');
  });
});

describe('with a signed-out session', () => {
  it('every secured route answers 401 session_ended, starting a new session included', async () => {
    const carol = await createUser(runtime);
    const ended = await signedIn(runtime, carol);
    const asCarol = api(runtime, ended);
    expect((await asCarol('POST', `/sessions/${ended.sessionId}/sign-out`)).status).toBe(200);
    const own = { sessionId: ended.sessionId };
    for (const op of operations.filter((o) => o.secured)) {
      const body = op.hasBody ? await validBodies[keyOf(op)]!(api(runtime, aliceAuth)) : undefined;
      const { status, json } = await asCarol(op.method, withIds(op.path, own), body);
      expect([keyOf(op), status, json?.error?.code]).toEqual([keyOf(op), 401, 'session_ended']);
    }
  });
});

describe('bad input', () => {
  let asDave: Api;
  let bodyRoutes: Operation[];
  beforeAll(async () => {
    asDave = api(runtime, await signedIn(runtime, await createUser(runtime)));
    bodyRoutes = operations.filter((o) => o.hasBody);
  });

  it.each([
    ['malformed JSON', '{"type": ', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['a JSON array', '[1, 2]', 'application/json'],
    ['a JSON string', '"text"', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['a form body', 'type=private', 'application/x-www-form-urlencoded'],
    ['plain text', 'hello', 'text/plain'],
  ])('%s to every body-taking route is a 4xx', async (_what, raw, contentType) => {
    for (const op of bodyRoutes) {
      const { status } = await asDave(op.method, withIds(op.path, {}), raw, { 'content-type': contentType });
      expect([keyOf(op), status >= 400 && status < 500]).toEqual([keyOf(op), true]);
    }
  });

  it('fuzzed bodies (any JSON, and objects with the right keys holding anything) never make a 500', async () => {
    for (const op of bodyRoutes) {
      const valid = (await validBodies[keyOf(op)]!(asDave)) as Record<string, unknown>;
      const shaped = fc.dictionary(fc.constantFrom(...Object.keys(valid), 'extra'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
      const anyBody = fc.oneof(fc.jsonValue({ maxDepth: 3 }), shaped, shaped.map((fields) => ({ ...valid, ...fields })));
      await fc.assert(
        fc.asyncProperty(anyBody, async (body) => {
          const { status, json } = await asDave(op.method, op.path.replace(/^\/api/, ''), JSON.stringify(body), { 'content-type': 'application/json' });
          return status < 500 || modelAnswered(json);
        }),
        { numRuns: 40 },
      );
    }
  });

  it('fuzzed path parameters are a 4xx, never a 500', async () => {
    const withParams = operations.filter((o) => o.secured && o.path.includes('{') && !o.path.endsWith('sign-out-all'));
    expect(withParams.length).toBeGreaterThan(0);
    for (const op of withParams) {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }), async (id) => {
          const { status } = await asDave(op.method, op.path.replace(/^\/api/, '').replace(/\{\w+\}/, encodeURIComponent(id)));
          return status >= 400 && status < 500;
        }),
        { numRuns: 40 },
      );
    }
  });
});
