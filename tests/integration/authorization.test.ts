// Every route the API documents, called as nobody, as another user, and with a signed-out session: never the first
// user's data. Every route that takes an id (in its path or its body), called by another user with the first user's
// real ids, gets its documented answer (not found, mostly), from a matrix the OpenAPI document is checked against so a
// new id-taking route cannot go untested. Then malformed bodies to every route that takes one: always a 4xx.
// (Bodies and parameters fuzzed from each route's schema: http-fuzz.test.ts.)
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyBackupCounts } from '@chartside/shared';
import { api, startSession, type Api, type Auth } from '../harness/api';
import { localTable } from '../harness/dynamodb';
import { documentedOperations, keyOf, pathWith, type Operation } from '../harness/openapi';
import { noteSection, patientRecord } from '../harness/patients';
import { browserSubscription } from '../harness/push-service';
import type { JsonSchema } from '../harness/schema-arbitrary';
import { sharedRuntime } from '../harness/shared-runtime';
import { accessTokenOf, createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const table = localTable(runtime);
const today = () => new Date().toISOString().slice(0, 10);

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
/**
 * How another user is answered when calling with the first user's ids. Keys are `METHOD /api/path` for a route's path
 * ids (all of them the first user's), and `METHOD /api/path body <field>` for an id in its body; `call` gives the path
 * ids and body when they are not the first user's ids with validBodies' body.
 */
interface CrossUserCase {
  status: number;
  code?: string;
  call?: () => { ids?: Record<string, string>; body: unknown };
  /**
   * The id (of the first user's) this route legitimately echoes: ids a client chooses name the caller's own record
   * under that id, never the first user's. Such cases run after the others, as they create the caller's own records.
   */
  echoes?: string;
}
const notFound: CrossUserCase = { status: 404, code: 'not_found' };
/** The caller's own record, to carry a body that names the first user's. */
let callersOwn: Record<string, string>;
const crossUser: Record<string, CrossUserCase> = {
  'POST /api/sessions/{sessionId}/sign-out': notFound,
  // A date names the caller's own nightly backup of that day, which the caller has none of.
  'GET /api/backups/{date}/preview': notFound,
  'POST /api/backups/{date}/restore': notFound,
  'PATCH /api/feed/items/{itemId}': notFound,
  // A device id is chosen by the browser: under the first user's, it is the caller's own device (theirs stays, below).
  'PUT /api/feed/push/devices/{deviceId}': { status: 200, echoes: 'deviceId' },
  'DELETE /api/feed/push/devices/{deviceId}': { status: 200, echoes: 'deviceId' },
  'GET /api/resources/{resourceId}': notFound,
  'PATCH /api/resources/{resourceId}': notFound,
  'DELETE /api/resources/{resourceId}': notFound,
  'POST /api/resources/{resourceId}/open-access-pdf': notFound,
  'PATCH /api/resources/{resourceId} body files[].filePath': {
    status: 400,
    code: 'bad_request',
    call: () => ({
      ids: callersOwn,
      body: { version: 1, files: [{ name: 'alice.txt', fileId: alicesIds.fileId!, filePath: alicesFilePath, extension: 'txt', mimeType: 'text/plain', isTemp: false, size: 5 }] },
    }),
  },
  // An import names its patients' ids: under the first user's id it is the caller's own patient.
  'POST /api/patients/import body patients[].id': { status: 200, echoes: 'patientId' },
  'GET /api/patients/{patientId}': notFound,
  'PATCH /api/patients/{patientId}': notFound,
  'DELETE /api/patients/{patientId}': notFound,
  'GET /api/patients/{patientId}/time-tracking': notFound,
  'PUT /api/patients/{patientId}/time-tracking': notFound,
  'POST /api/admissions body patientId': { ...notFound, call: () => ({ body: { patientId: alicesIds.patientId } }) },
  'GET /api/admissions/{admissionId}': notFound,
  'PATCH /api/admissions/{admissionId}': notFound,
  'DELETE /api/admissions/{admissionId}': notFound,
  'POST /api/files/download-url body filePath': notFound,
  'POST /api/files/content body filePath': notFound,
  'POST /api/files/delete body filePath': notFound,
  'GET /api/documents/{fileId}': notFound,
  'PATCH /api/documents/{fileId}': notFound,
  'DELETE /api/documents/{fileId}': notFound,
  'POST /api/documents/{fileId}/download-url': notFound,
  // The file cleaner is for administrators only: anyone else is refused before any key is looked at.
  'POST /api/admin/file-cleaner/delete body keys': { status: 403, code: 'forbidden' },
  // A chat's id is chosen by the client: under the first user's id it is the caller's own chat.
  'POST /api/chats body id': { status: 200, echoes: 'chatId', call: () => ({ body: { id: alicesIds.chatId } }) },
  'POST /api/chats body resourceId': { ...notFound, call: () => ({ body: { id: `chat-${crypto.randomUUID()}`, resourceId: alicesIds.resourceId } }) },
  'GET /api/chats/{chatId}': notFound,
  'PATCH /api/chats/{chatId}': notFound,
  'DELETE /api/chats/{chatId}': notFound,
  'POST /api/chats/{chatId}/messages': notFound,
  'POST /api/chats/{chatId}/messages body attachments[].filePath': {
    status: 400,
    code: 'bad_request',
    call: () => ({ ids: callersOwn, body: { messageId: crypto.randomUUID(), text: 'Read this', attachments: [{ type: 'file', fileName: 'alice.txt', filePath: alicesFilePath, mimeType: 'text/plain' }] } }),
  },
  'POST /api/chats/{chatId}/messages/{messageId}/stop': notFound,
  'DELETE /api/chats/{chatId}/messages/{messageId}': notFound,
};
/** Ids in bodies that name a part of the caller's own record (a task, a section, a step), never another record. */
const partIds: Record<string, string> = {
  'PATCH /api/me body prompts[].id': 'a prompt of the caller\'s settings',
  'PATCH /api/me body homeLists[].items[].id': 'an item of a home list',
  'PUT /api/feed/push/devices/{deviceId} body keys': 'the push subscription\'s keys, not ids',
  'PATCH /api/resources/{resourceId} body files[].fileId': 'the file entry whose filePath is the checked reference',
  'PATCH /api/resources/{resourceId} body textSections[].id': 'a text section',
  'PATCH /api/resources/{resourceId} body articleNotes[].id': 'an article note',
  'PATCH /api/resources/{resourceId} body articleNotes[].pdfId': 'the PDF a note is on, within the resource',
  'POST /api/patients/import body patients[].tasks[].id': 'a task',
  'POST /api/patients/import body patients[].lastSessionId': 'the session that last saved the record, kept as data',
  'PATCH /api/patients/{patientId} body tasks[].id': 'a task',
  'PUT /api/patients/{patientId}/time-tracking body steps[].id': 'a step (one of five names)',
  'PATCH /api/admissions/{admissionId} body sections[].id': 'a section of the note',
  'POST /api/chats/{chatId}/messages body messageId': 'the new message, in the caller\'s chat',
};
/** Where a route takes an id: `METHOD /api/path` when its path does, `METHOD /api/path body <field>` per body field. */
const idsTakenBy = (op: Operation): string[] => {
  const fields: string[] = [];
  const walk = (schema: JsonSchema | undefined, at: string) => {
    if (!schema) return;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (/^id$|Id$|Path$|^keys$/.test(name)) fields.push(`${at}${name}`);
      walk(property, `${at}${name}.`);
    }
    walk(schema.items, at.replace(/\.$/, '[].'));
    for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(alternative, at);
  };
  walk(op.body, '');
  return [...(op.path.includes('{') ? [keyOf(op)] : []), ...[...new Set(fields)].map((field) => `${keyOf(op)} body ${field}`)];
};

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
const withIds = (path: string, ids: Record<string, string>) => pathWith(path, (name) => ids[name] ?? `no-${name}`);

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
    itemId: 'alice-1',
  };

  operations = await documentedOperations(runtime);
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
  it('the matrix knows how every id a route takes answers another user, so a new one cannot go unchecked', () => {
    expect(operations.flatMap(idsTakenBy).sort()).toEqual([...Object.keys(crossUser), ...Object.keys(partIds)].sort());
  });

  it("no route answers with, or changes, the first user's data, and every id-taking route answers as the matrix says", async () => {
    const bob = await createUser(runtime);
    const bobToken = await accessTokenOf(runtime, bob);
    // One session for every call: signing out Alice's session is refused, and terminate-all runs last.
    const asBob = api(runtime, await startSession(runtime, bobToken));
    callersOwn = {
      resourceId: String((await asBob('POST', '/resources', { name: 'Bob resource', type: 'text' })).json.id),
      chatId: String((await asBob('POST', '/chats', { id: `chat-${crypto.randomUUID()}` })).json.id),
    };
    const alicesRecordIds = ['resourceId', 'patientId', 'chatId', 'messageId', 'fileId', 'admissionId'].map((name) => alicesIds[name]!);
    const secrets = [alice.userId, alice.email, aliceAuth.sessionId, 'Alice Tag', 'Dr Alice', 'Alice asks in private', 'Alice resource', 'Alice Patient', alicesFilePath, ...alicesRecordIds];
    const rank = ({ op, expected }: { op: Operation; expected?: CrossUserCase }) => (op.path.endsWith('sign-out-all') ? 2 : expected?.echoes ? 1 : 0);
    /** Each secured route as documented (Alice's path ids, validBodies' body), and each matrix case with its own call. */
    const calls = operations
      .filter((op) => op.secured)
      .flatMap((op) => {
        const cases = idsTakenBy(op).filter((key) => crossUser[key]);
        const plain = cases.find((key) => !crossUser[key]!.call);
        return [{ op, key: plain ?? keyOf(op), expected: plain ? crossUser[plain] : undefined }, ...cases.filter((key) => crossUser[key]!.call).map((key) => ({ op, key, expected: crossUser[key] }))];
      })
      // The cases that make the caller's own records under Alice's ids run after the rest, terminate-all last of all.
      .sort((a, b) => rank(a) - rank(b));
    for (const { op, key, expected } of calls) {
      const own = expected?.call?.();
      const body = own ? own.body : op.hasBody ? await validBodies[keyOf(op)]!(asBob) : undefined;
      const { status, json, text } = await asBob(op.method, withIds(op.path, { ...alicesIds, ...own?.ids }), body);
      if (expected) expect([key, status, json?.error?.code]).toEqual([key, expected.status, expected.code ?? json?.error?.code]);
      else expect([key, [200, 401, 403, 404].includes(status) || modelAnswered(json)]).toEqual([key, true]);
      const echoed = expected?.echoes ? alicesIds[expected.echoes] : undefined;
      for (const secret of secrets.filter((s) => s !== echoed)) expect([key, text.includes(secret)]).toEqual([key, false]);
      if (status === 200) for (const id of userIdsIn(json)) expect([key, id]).toEqual([key, bob.userId]);
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
});
