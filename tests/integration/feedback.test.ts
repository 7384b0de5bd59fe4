// The feedback API through the real runtime: a signed-in user sends feedback (with a screenshot or without), stored
// with the email from their token; bad input is a 400 naming the problem; only members of the admin group list it,
// newest first, everyone's together; no token is a 401.
import { beforeAll, describe, expect, it } from 'vitest';
import { FeedbackList, MAX_FEEDBACK_CHARS } from '@chartside/shared';
import { api, type Api } from '../harness/api';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, createUserWithCli, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
let sender: TestUser;
let asSender: Api;
let asOther: Api;
let asAdmin: Api;

/** A 1x1 PNG. */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

beforeAll(async () => {
  sender = await createUser(runtime);
  asSender = api(runtime, await signedIn(runtime, sender));
  asOther = api(runtime, await signedIn(runtime, await createUser(runtime)));
  // Made with `users add --admin`, as an operator makes an administrator.
  asAdmin = api(runtime, await signedIn(runtime, await createUserWithCli(runtime, { admin: true })));
});

describe('feedback', () => {
  it('stores feedback with the sender from the token, and shows administrators everyone\'s, newest first', async () => {
    const first = await asSender('POST', '/feedback', { message: 'The panel print cuts the last card.', page: '/panel' });
    expect(first.status, first.text).toBe(200);
    const second = await asOther('POST', '/feedback', { message: '  Sign-out could show allergies.  ', screenshot: PIXEL });
    expect(second.status, second.text).toBe(200);

    const { status, json, text } = await asAdmin('GET', '/admin/feedback');
    expect(status, text).toBe(200);
    const listed = FeedbackList.parse(json).feedback;
    const ours = listed.filter((item) => [first.json.id, second.json.id].includes(item.id));
    expect(ours.map((item) => item.message)).toEqual(['Sign-out could show allergies.', 'The panel print cuts the last card.']);
    expect(ours[0]!.screenshot).toBe(PIXEL);
    expect(ours[1]).toMatchObject({ email: sender.email, page: '/panel' });
    expect(ours[1]!.screenshot).toBeUndefined();
  });

  it('refuses the list to anyone outside the admin group (403) and to no token (401)', async () => {
    const refused = await asSender('GET', '/admin/feedback');
    expect(refused.status).toBe(403);
    expect(refused.json.error?.code).toBe('forbidden');
    expect((await api(runtime)('GET', '/admin/feedback')).status).toBe(401);
    expect((await api(runtime)('POST', '/feedback', { message: 'hello' })).status).toBe(401);
  });

  it.each([
    ['an empty message', { message: '   ' }, 'Write your feedback.'],
    ['a message too long', { message: 'x'.repeat(MAX_FEEDBACK_CHARS + 1) }, 'message'],
    ['a screenshot that is not an image', { message: 'Look', screenshot: 'data:text/html;base64,PGgxPg==' }, 'PNG, JPEG or WebP'],
    ['a screenshot too large', { message: 'Look', screenshot: `data:image/png;base64,${'A'.repeat(400_000)}` }, 'too large'],
    ['an unknown field', { message: 'Hi', userId: 'someone-else' }, 'userId'],
  ])('answers 400 for %s', async (_, body, mentions) => {
    const { status, json, text } = await asSender('POST', '/feedback', body);
    expect(status, text).toBe(400);
    expect(json.error?.code).toBe('validation_failed');
    expect(text).toContain(mentions);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const { status } = await asSender('POST', '/feedback', '{"message": ');
    expect(status).toBe(400);
  });
});
