// Property-based: whatever body or id a client sends to the resource, file and article routes, the answer is never a
// 500. Bodies are drawn both from any JSON and from near-valid shapes, which reach deeper into the handlers.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceTypes, type Resource } from '@chartside/shared';
import { api, type Api } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const RUNS = 40;

let user: TestUser;
let asUser: Api;
let resource: Resource;

beforeAll(async () => {
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  resource = (await asUser('POST', '/resources', { name: 'Fuzz target', type: 'text' })).json as unknown as Resource;
});

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.constantFrom('', ' ', '../', '%00', '\u0000', 'userContent/'));
const anyJson = fc.jsonValue({ maxDepth: 3 });
const file = fc.record(
  { name: text, fileId: text, filePath: fc.oneof(text, fc.constant(`userContent/x/y.pdf`)), extension: text, mimeType: text, isTemp: fc.boolean(), size: fc.integer() },
  { requiredKeys: [] },
);
const section = fc.record({ id: text, title: text, deltaString: text, editing: fc.boolean(), createdAt: fc.oneof(text, fc.constant(new Date().toISOString())), updatedAt: text }, { requiredKeys: [] });
const fields = {
  name: text,
  type: fc.oneof(fc.constantFrom(...resourceTypes), text),
  description: text,
  link: text,
  tags: fc.array(text, { maxLength: 5 }),
  favorite: fc.oneof(fc.boolean(), anyJson),
  files: fc.array(file, { maxLength: 3 }),
  textSections: fc.array(section, { maxLength: 3 }),
  article: fc.oneof(fc.constant(null), anyJson),
  pdfHighlights: anyJson,
  version: fc.oneof(fc.integer(), fc.double(), text),
};
const nearValid = fc.record(fields, { requiredKeys: [] });
const body = fc.oneof(anyJson, nearValid);
/** Any id, or (as null) the real resource's, which exists only once the suite has started. */
const id = fc.oneof(text.filter((s) => s.length > 0), fc.constant(null));

const neverServerError = (status: number, text: string) => expect(status, text).toBeLessThan(500);

describe('fuzzed resource input', () => {
  it('never answers POST /api/resources with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const { status, text: answer } = await asUser('POST', '/resources', payload);
        neverServerError(status, answer);
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers PATCH /api/resources/{id} with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, onRealId) => {
        const current = (await asUser('GET', `/resources/${resource.id}`)).json;
        const target = onRealId ? resource.id : 'not-a-resource';
        const withVersion = payload && typeof payload === 'object' && !Array.isArray(payload) && onRealId ? { version: current.version, ...payload } : payload;
        const { status, text: answer } = await asUser('PATCH', `/resources/${target}`, withVersion);
        neverServerError(status, answer);
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers a path id with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(id, fc.constantFrom('GET', 'DELETE'), async (drawn, method) => {
        if (method === 'DELETE' && drawn === null) return; // keep the real resource for the other properties
        const { status, text: answer } = await asUser(method, `/resources/${encodeURIComponent(drawn ?? resource.id)}`);
        neverServerError(status, answer);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('fuzzed file and article input', () => {
  it('never answers the file routes with a 500', async () => {
    const uploadBody = fc.oneof(anyJson, fc.record({ fileName: text, size: fc.oneof(fc.integer(), fc.double()), contentType: text, temp: fc.oneof(fc.boolean(), anyJson) }, { requiredKeys: [] }));
    const pathBody = fc.oneof(anyJson, fc.record({ filePath: fc.oneof(text, fc.constant(`userContent/${user?.userId}/${'a'.repeat(10)}`)) }));
    await fc.assert(
      fc.asyncProperty(uploadBody, pathBody, async (upload, path) => {
        for (const [route, payload] of [['/files/uploads', upload], ['/files/download-url', path], ['/files/delete', path]] as const) {
          const { status, text: answer } = await asUser('POST', route, payload);
          neverServerError(status, answer);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers the DOI resolver with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyJson, fc.record({ doi: fc.oneof(text, text.map((s) => `10.5555/${s}`)) })), async (payload) => {
        const { status, text: answer } = await asUser('POST', '/articles/resolve-doi', payload);
        neverServerError(status, answer);
      }),
      { numRuns: RUNS },
    );
  });
});
