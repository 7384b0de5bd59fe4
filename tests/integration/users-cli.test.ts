// `npm run users`: add (with and without TOTP), list, remove, against the running local runtime.
import { describe, expect, it } from 'vitest';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, createUserWithCli, signIn, usersCli } from '../harness/users';
import { totpCode } from '../../infra/local/src/users';

const runtime = sharedRuntime();

describe('users CLI', () => {
  it('adds a confirmed user who can sign in, lists them, and removes them', async () => {
    const user = await createUserWithCli(runtime);
    expect(user.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await signIn(runtime, user)).AccessToken).toBeTruthy();

    const listed = JSON.parse((await usersCli(runtime, ['list', '--json'])).stdout) as { email: string; status: string }[];
    expect(listed).toContainEqual(expect.objectContaining({ email: user.email, status: 'CONFIRMED' }));

    await usersCli(runtime, ['remove', '--email', user.email]);
    const after = JSON.parse((await usersCli(runtime, ['list', '--json'])).stdout) as { email: string }[];
    expect(after.map((u) => u.email)).not.toContain(user.email);
    await expect(signIn(runtime, user)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('answers a wrong password as Cognito does (NotAuthorizedException), without revealing whether the user exists', async () => {
    const user = await createUser(runtime);
    await expect(signIn(runtime, { email: user.email, password: 'Wrong-password-1' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(signIn(runtime, { email: 'nobody@example.org', password: 'Wrong-password-1' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('enrolls TOTP with --totp: sign-in then needs a code from the printed secret', async () => {
    const user = await createUserWithCli(runtime, { totp: true });
    expect(user.totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(signIn(runtime, user)).rejects.toThrow(/SOFTWARE_TOKEN_MFA/);
    await expect(signIn(runtime, user, () => '000000')).rejects.toThrow();
    const tokens = await signIn(runtime, user, () => totpCode(user.totpSecret!));
    expect(tokens.AccessToken).toBeTruthy();
  });

  it('refuses a duplicate user and bad arguments with a message and exit code 2', async () => {
    const user = await createUser(runtime);
    await expect(usersCli(runtime, ['add', '--email', user.email, '--password', user.password])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/UsernameExistsException/),
    });
    await expect(usersCli(runtime, ['add', '--email', 'x@example.org'])).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/--password/) });
  });

  it('says how to start the runtime when none is running', async () => {
    await expect(usersCli({ port: 1 }, ['list'])).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/npm start/) });
  });
});
