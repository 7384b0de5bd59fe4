// Text templates in the user document through the real API and DynamoDB Local: both stored shapes (the spec's bare
// deltaString and Chartside's { trigger, content }) are kept, bad templates answer 400 naming the field, and one user
// never sees another's templates.
import { MAX_TRIGGER_LENGTH } from '@chartside/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();
let asAlice: ReturnType<typeof api>;
let asBob: ReturnType<typeof api>;

const paragraph = (text: string) => JSON.stringify([{ type: 'paragraph', content: text }]);

const patchTemplates = async (as: ReturnType<typeof api>, templates: unknown) => {
  const { version } = (await as('GET', '/me')).json;
  return as('PATCH', '/me', { version, templates });
};

beforeAll(async () => {
  const [alice, bob] = await Promise.all([createUser(runtime), createUser(runtime)]);
  asAlice = api(runtime, await signedIn(runtime, alice));
  asBob = api(runtime, await signedIn(runtime, bob));
});

describe('templates in PATCH /api/me', () => {
  it("keeps a template with its trigger word beside one in the spec's shape", async () => {
    const templates = { HPI: { trigger: 'hpi', content: paragraph('Onset ***') }, 'Discharge plan': paragraph('Follow up in *** days') };
    const { status, text } = await patchTemplates(asAlice, templates);
    expect(status, text).toBe(200);
    expect((await asAlice('GET', '/me')).json.templates).toEqual(templates);
    expect((await asBob('GET', '/me')).json.templates).toEqual({});
  });

  it.each([
    ['a trigger word that is too long', { HPI: { trigger: 'x'.repeat(MAX_TRIGGER_LENGTH + 1), content: '' } }],
    ['a template with a field it does not have', { HPI: { trigger: 'hpi', content: '', owner: 'someone' } }],
    ['a template that is neither text nor a template', { HPI: 42 }],
  ])('answers 400 for %s, naming the field, and keeps the stored templates', async (_case, templates) => {
    const before = (await asAlice('GET', '/me')).json.templates;
    const { status, json } = await patchTemplates(asAlice, templates);
    expect(status).toBe(400);
    expect(json.error?.code).toBe('validation_failed');
    expect(JSON.stringify(json.error)).toContain('templates');
    expect((await asAlice('GET', '/me')).json.templates).toEqual(before);
  });
});
