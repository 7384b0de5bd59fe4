// POST /api/extraction through the real local runtime: bad bodies get 400s (never a 500), and the route needs a
// signed-in user. Extraction with the model (the model double) is in chat.test.ts; the model's answer handling, and a
// mode with no model (503 model_not_configured), are unit-tested in lambdas/src/services/extraction-service.test.ts.
import { MAX_EXTRACTION_TEXT } from '@chartside/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();

let asUser: Api;

beforeAll(async () => {
  asUser = api(runtime, await signedIn(runtime, await createUser(runtime)));
});

const note = `#1 Community-acquired pneumonia
- Ceftriaxone 1 g IV daily, azithromycin 500 mg PO daily
#2 Hypokalemia
- Replete K to goal > 4`;

describe('POST /api/extraction', () => {
  it.each([
    ['no text', { mode: 'vertex' }],
    ['empty text', { text: '', mode: 'vertex' }],
    ['text over the limit', { text: 'x'.repeat(MAX_EXTRACTION_TEXT + 1), mode: 'vertex' }],
    ['regex mode, which runs in the browser', { text: note, mode: 'regex' }],
    ['an unknown mode', { text: note, mode: 'gpt' }],
    ['an extra field', { text: note, mode: 'vertex', model: 'other' }],
    ['text that is not a string', { text: ['#1 CHF'], mode: 'vertex' }],
    ['a list instead of an object', [note]],
  ])('refuses %s with 400', async (_case, body) => {
    const { status, json } = await asUser('POST', '/extraction', body);
    expect(status).toBe(400);
    expect(json.error?.code).toBe('validation_failed');
  });

  it('refuses a body that is not JSON with 400', async () => {
    const { status } = await asUser('POST', '/extraction', '{"text": "#1 CHF", ', { 'content-type': 'application/json' });
    expect(status).toBe(400);
  });

  it('never answers 500, whatever the body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.record({ text: fc.oneof(fc.string(), fc.jsonValue()), mode: fc.oneof(fc.constantFrom('vertex', 'local', 'regex'), fc.string()) }, { requiredKeys: [] })), async (body) => {
        // A valid body reaches the model double, which echoes rather than listing problems: 502, the model's fault.
        const { status } = await asUser('POST', '/extraction', body);
        expect([400, 502]).toContain(status);
      }),
      { numRuns: 40 },
    );
  });

  it('needs a signed-in user', async () => {
    const { status } = await api(runtime)('POST', '/extraction', { text: note, mode: 'vertex' });
    expect(status).toBe(401);
  });
});
