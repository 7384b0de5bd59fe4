// Every route the API documents, called with bodies, path and query parameters drawn from its own schema in the OpenAPI
// document (valid values, values wrong somewhere inside, values refused at the top, hostile path segments): no answer is
// a 5xx but the documented "not set up" and "the outside service failed" answers of the routes that call one, and the
// runtime is healthy afterwards. One seed for the whole file, printed, so a failure replays with FUZZ_SEED=<seed>;
// FUZZ_TRACE=1 prints every call. `npm test` uses a fixed seed, so a red run is the same run again; to explore, give
// FUZZ_SEED=random (a new seed each run) and FUZZ_RUNS a larger number.
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, startSession, type Api } from '../harness/api';
import { localTable } from '../harness/dynamodb';
import { documentedOperations, keyOf, type Operation, type Parameter } from '../harness/openapi';
import { browserSubscription } from '../harness/push-service';
import { anyBodyFor, conforming, hostileStrings, offending, type SchemaArbitraryOptions } from '../harness/schema-arbitrary';
import { sharedRuntime } from '../harness/shared-runtime';
import { accessTokenOf, createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_126);
/** About 80 routes: eight calls each keeps the file near 20 s on the suite's two cores (FUZZ_RUNS=<n> to go deeper). */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 8);

/**
 * The 5xx answers that are not failures of ours, route by route, each a documented code of shared/src/errors:
 * - model_not_configured (503): the runtime has no model for what was asked (extraction's Enhanced mode, for one).
 * - bad_gateway (502): the model or publisher answered, but not what was asked for (the suite's model double echoes the
 *   question, so extraction gets no problem list; a publisher's page is no PDF).
 * - unavailable (503): an outside service that is not set up here (Amazon Polly, Transcribe) or did not answer.
 * Any other 5xx, and any 500 anywhere, fails the test.
 */
const outsideServiceAnswers: Record<string, string[]> = {
  'POST /api/extraction': ['model_not_configured', 'bad_gateway', 'unavailable'],
  'POST /api/transform': ['model_not_configured', 'bad_gateway', 'unavailable'],
  'POST /api/library/ask': ['model_not_configured', 'bad_gateway', 'unavailable'],
  'POST /api/chats/{chatId}/messages': ['model_not_configured'],
  'POST /api/speech': ['unavailable'],
  'POST /api/transcription/session': ['unavailable'],
  'POST /api/articles/resolve-doi': ['unavailable', 'bad_gateway'],
  'POST /api/articles/lookup': ['unavailable', 'bad_gateway'],
  'POST /api/resources/{resourceId}/open-access-pdf': ['unavailable', 'bad_gateway'],
};

/** Path segments that have broken routers and key builders: sent encoded, and some raw (a slash, a stray %). */
const hostileSegments = [...hostileStrings.filter(Boolean), '%', '%E0%A4%A', '%%', '..%2F..%2Fadmin', 'x'.repeat(201), 'x'.repeat(8_000), '*', '?a=b', '#frag', 'undefined'];

/**
 * Longest path or query value sent: a URL past Node's 16 KiB header limit is refused by its HTTP parser, which closes
 * the connection before any code of ours runs.
 */
const MAX_URL_VALUE = 4_000;
const inUrl = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '').slice(0, MAX_URL_VALUE);

/** URI-encoded; a lone surrogate (which has no UTF-8) goes as U+FFFD, as a browser sends it. */
const encoded = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
};

/** Runs last: these end the fuzzing user's sessions or empty its records. */
const endsOrEmpties = (op: Operation) => /sign-out-all$|delete-all$/.test(op.path);
const order = (op: Operation) => (endsOrEmpties(op) ? 2 : op.method === 'DELETE' ? 1 : 0);

let user: TestUser;
let asUser: Api;
let token: string;
let operations: Operation[];
let options: SchemaArbitraryOptions;
/** Real ids of the fuzzing user's own records, by path parameter name, so fuzzed calls also reach past the lookups. */
let realIds: Record<string, string[]>;

beforeAll(async () => {
  console.info(`http-fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
  const fixtures = inject('articleFixturesUrl');
  // Only addresses the suite controls: a route that fetches one must never reach the internet.
  options = {
    urls: [
      `${fixtures}/articles/nejm-bnt162b2`,
      `${fixtures}/articles/og-only`,
      `${fixtures}/articles/moved`,
      `${fixtures}/pdfs/article.pdf`,
      `${fixtures}/pdfs/sign-in`,
      `${fixtures}/nothing-here`,
      'http://127.0.0.1:9/closed',
      'not a url',
      'javascript:alert(1)',
      'file:///etc/passwd',
    ],
  };
  // An administrator, so the admin routes are fuzzed past their 403.
  user = await createUser(runtime, { admin: true });
  token = await accessTokenOf(runtime, user);
  asUser = api(runtime, await startSession(runtime, token));
  const spareSession = await startSession(runtime, token);
  const patient = (await asUser('POST', '/patients', { lastname: 'Fuzz', firstname: 'Target' })).json;
  const resource = (await asUser('POST', '/resources', { name: 'Fuzz target', type: 'text' })).json;
  const chat = (await asUser('POST', '/chats', { id: `chat-${crypto.randomUUID()}` })).json;
  const message = (await asUser('POST', `/chats/${String(chat.id)}/messages`, { messageId: crypto.randomUUID(), text: 'A question' })).json as { message: { id: string } };
  const admission = (await asUser('POST', '/admissions', { patientId: patient.id })).json;
  const document = (await asUser('POST', '/documents', { fileName: 'fuzz.txt', size: 4 })).json as { file: { fileId: string }; uploadUrl: string; headers: Record<string, string> };
  expect((await fetch(document.uploadUrl, { method: 'PUT', headers: document.headers, body: 'fuzz' })).status).toBe(200);
  expect((await asUser('PUT', '/feed/push/devices/fuzz-phone', browserSubscription('https://push.example.org/send/fuzz').json)).status).toBe(200);
  await localTable(runtime).put({ pk: `USER#${user.userId}`, sk: 'FEED#fuzz-1', read: false });
  realIds = {
    sessionId: [spareSession.sessionId],
    patientId: [String(patient.id)],
    resourceId: [String(resource.id)],
    chatId: [String(chat.id)],
    messageId: [message.message.id],
    admissionId: [String(admission.id)],
    fileId: [document.file.fileId],
    deviceId: ['fuzz-phone'],
    itemId: ['fuzz-1'],
    date: [new Date().toISOString().slice(0, 10)],
  };
  operations = (await documentedOperations(runtime)).sort((a, b) => order(a) - order(b));
});

/** A path parameter: a real id, a value its schema accepts, one it refuses, or a hostile segment (sometimes raw). */
const pathValue = (parameter: Parameter) =>
  fc.oneof(
    fc.constantFrom(...(realIds[parameter.name] ?? ['no-such-record'])).map((value) => ({ value, raw: false })),
    fc.oneof(conforming(parameter.schema, options), offending(parameter.schema, options)).map((value) => ({ value: inUrl(value), raw: false })),
    fc.record({ value: fc.constantFrom(...hostileSegments), raw: fc.boolean() }),
  );

const queryString = (parameters: Parameter[]) =>
  fc
    .tuple(
      ...parameters.map((p) => fc.option(fc.oneof(conforming(p.schema, options), offending(p.schema, options)).map((v) => [p.name, inUrl(v)] as const))),
      fc.option(fc.constantFrom(['unknown', 'x'] as const, ['limit', '-1'] as const)),
    )
    .map((pairs) => new URLSearchParams(pairs.filter((pair) => pair !== null).map(([k, v]) => [k, v])).toString());

const requestFor = (op: Operation) => {
  const pathParameters = op.parameters.filter((p) => p.in === 'path');
  return fc.record({
    path: fc.tuple(...pathParameters.map(pathValue)).map((values) => {
      const byName = new Map(pathParameters.map((p, i) => [p.name, values[i]!]));
      return op.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_, name: string) => {
        const { value, raw } = byName.get(name)!;
        return raw ? value : encoded(value);
      });
    }),
    query: queryString(op.parameters.filter((p) => p.in === 'query')),
    body: op.body ? anyBodyFor(op.body, options).map((body) => JSON.stringify(body) ?? 'null') : fc.constant(undefined),
  });
};

const acceptable = (op: Operation, status: number, code: string | undefined) => status < 500 || (code !== undefined && status !== 500 && (outsideServiceAnswers[keyOf(op)] ?? []).includes(code));

describe('every documented route, fuzzed from its schema', () => {
  it('knows the routes that may answer an outside service\'s 5xx, and they are all documented', () => {
    const documented = new Set(operations.map(keyOf));
    expect(Object.keys(outsideServiceAnswers).filter((key) => !documented.has(key))).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(80);
  });

  it('never answers a 5xx but an outside service\'s documented answer, and the runtime stays healthy', async () => {
    /** The call before, named when a call gets no answer at all (the connection closed under it). */
    let previous = 'none';
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(requestFor(op), async ({ path, query, body }) => {
          const url = query ? `${path}?${query}` : path;
          const call = `${op.method} ${url.slice(0, 200)} with a body of ${body?.length ?? 0} characters`;
          const started = performance.now();
          const { status, json, text } = await asUser(op.method, url, body).catch((error: unknown) => {
            throw new Error(`${call} got no answer (the call before: ${previous})`, { cause: error });
          });
          previous = `${call}: ${status}`;
          if (process.env.FUZZ_TRACE) console.info(`${previous} in ${Math.round(performance.now() - started)} ms`);
          expect(acceptable(op, status, json?.error?.code), `${keyOf(op)} as ${op.method} ${url.slice(0, 200)} answered ${status}: ${text.slice(0, 300)}`).toBe(true);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
    }
    // sign-out-all ran last and ended this sign-in's sessions: a new sign-in shows the runtime still serves, and health
    // is all up.
    expect((await api(runtime)('GET', '/health')).status).toBe(200);
    const { status } = await api(runtime, await signedIn(runtime, user))('GET', '/me');
    expect(status).toBe(200);
  }, Math.max(60_000, RUNS_PER_ROUTE * 8_000));
});
