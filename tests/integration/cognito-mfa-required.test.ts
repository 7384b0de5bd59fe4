// A runtime with MFA=required: a user without an authenticator is taken through enrollment at sign-in exactly as
// Cognito does it (MFA_SETUP), driven here through Cognito's own API with the AWS SDK, as Amplify v6 drives it.
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../infra/local/src/users';
import { api, startSession } from '../harness/api';
import { startRuntime, type TestRuntime } from '../harness/runtime';
import { srpClient } from '../harness/srp-client';
import { createUser, runtimeConfig, signIn, type TestUser } from '../harness/users';

let runtime: TestRuntime;
let client: CognitoIdentityProviderClient;
let clientId: string;
let userPoolId: string;

beforeAll(async () => {
  runtime = await startRuntime({ env: { MFA: 'required' } });
  client = new CognitoIdentityProviderClient({
    endpoint: `${runtime.url}/cognito`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  ({ userPoolClientId: clientId, userPoolId } = await runtimeConfig(runtime));
});
afterAll(async () => {
  await runtime?.stop();
});

const passwordSignIn = (user: Pick<TestUser, 'email' | 'password'>) =>
  client.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.email, PASSWORD: user.password } }));

describe('MFA required', () => {
  it('says so in /config.json', async () => {
    expect((await runtimeConfig(runtime)).mfa).toBe('required');
  });

  it('enrolls an authenticator during sign-in: MFA_SETUP, AssociateSoftwareToken, VerifySoftwareToken, then tokens', async () => {
    const user = await createUser(runtime);
    const first = await passwordSignIn(user);
    expect(first.AuthenticationResult).toBeUndefined();
    expect(first.ChallengeName).toBe('MFA_SETUP');
    expect(JSON.parse(first.ChallengeParameters?.MFAS_CAN_SETUP ?? '[]')).toContain('SOFTWARE_TOKEN_MFA');
    expect(first.Session).toEqual(expect.any(String));

    const associated = await client.send(new AssociateSoftwareTokenCommand({ Session: first.Session }));
    expect(associated.SecretCode).toMatch(/^[A-Z2-7]{16,}$/);
    expect(associated.Session).toEqual(expect.any(String));
    expect(associated.Session).not.toBe(first.Session);

    // A wrong code is refused as Cognito refuses it, and may be typed again.
    await expect(client.send(new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: '000000' }))).rejects.toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
    });
    const verified = await client.send(
      new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: totpCode(associated.SecretCode!), FriendlyDeviceName: 'phone' }),
    );
    expect(verified.Status).toBe('SUCCESS');

    const done = await client.send(
      new RespondToAuthChallengeCommand({ ClientId: clientId, ChallengeName: 'MFA_SETUP', Session: verified.Session, ChallengeResponses: { USERNAME: user.email } }),
    );
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(done.AuthenticationResult?.RefreshToken).toBeTruthy();
    const session = await startSession(runtime, done.AuthenticationResult!.AccessToken!);
    expect((await api(runtime, session)('GET', '/me')).json.email).toBe(user.email);

    // From now on the factor is asked for, not set up again.
    await expect(signIn(runtime, user)).rejects.toThrow(/SOFTWARE_TOKEN_MFA/);
    expect((await signIn(runtime, user, () => totpCode(associated.SecretCode!))).AccessToken).toBeTruthy();
  });

  it('takes a user through the same enrollment after SRP (what the web app uses)', async () => {
    const user = await createUser(runtime);
    const srp = srpClient(userPoolId);
    const challenge = await client.send(
      new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: user.email, SRP_A: srp.srpA } }),
    );
    expect(challenge.ChallengeName).toBe('PASSWORD_VERIFIER');
    const next = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        Session: challenge.Session,
        ChallengeResponses: srp.answer(challenge.ChallengeParameters ?? {}, user.password),
      }),
    );
    expect(next.ChallengeName).toBe('MFA_SETUP');
    const associated = await client.send(new AssociateSoftwareTokenCommand({ Session: next.Session }));
    const verified = await client.send(new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: totpCode(associated.SecretCode!) }));
    const done = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'MFA_SETUP',
        Session: verified.Session,
        ChallengeResponses: { USERNAME: next.ChallengeParameters?.USER_ID_FOR_SRP ?? '' },
      }),
    );
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('accepts each Session once, refuses made-up ones, and gives no tokens before a code was verified', async () => {
    const user = await createUser(runtime);
    const first = await passwordSignIn(user);
    await expect(client.send(new AssociateSoftwareTokenCommand({ Session: 'made-up' }))).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const associated = await client.send(new AssociateSoftwareTokenCommand({ Session: first.Session }));
    await expect(client.send(new AssociateSoftwareTokenCommand({ Session: first.Session }))).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(
      client.send(
        new RespondToAuthChallengeCommand({ ClientId: clientId, ChallengeName: 'MFA_SETUP', Session: associated.Session, ChallengeResponses: { USERNAME: user.email } }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('still answers a wrong password with NotAuthorizedException, never MFA_SETUP', async () => {
    const user = await createUser(runtime);
    await expect(passwordSignIn({ email: user.email, password: 'Wrong-password-1' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('lets the users CLI enroll --totp through the same step', async () => {
    const user = await createUser(runtime, { totp: true });
    await expect(signIn(runtime, user)).rejects.toThrow(/SOFTWARE_TOKEN_MFA/);
    expect((await signIn(runtime, user, () => totpCode(user.totpSecret!))).AccessToken).toBeTruthy();
  });
});
