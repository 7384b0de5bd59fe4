// The Cognito behaviours the local runtime adds to cognito-local, checked through Cognito's own API.
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListUsersInGroupCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../infra/local/src/users';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, runtimeConfig, signIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const client = new CognitoIdentityProviderClient({
  endpoint: `${runtime.url}/cognito`,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  maxAttempts: 1,
});
let clientId: string;
let user: TestUser;

beforeAll(async () => {
  clientId = (await runtimeConfig(runtime)).userPoolClientId;
  user = await createUser(runtime);
});

describe('USER_SRP_AUTH', () => {
  it('answers with a PASSWORD_VERIFIER challenge carrying salt, B and a secret block', async () => {
    const A = (2n ** 200n).toString(16);
    const { ChallengeName, ChallengeParameters } = await client.send(
      new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: user.email, SRP_A: A } }),
    );
    expect(ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(ChallengeParameters).toMatchObject({ SALT: expect.stringMatching(/^[0-9a-f]+$/), SRP_B: expect.stringMatching(/^[0-9a-f]+$/), USER_ID_FOR_SRP: expect.any(String) });
  });

  it('refuses a proof that does not match, and a secret block used twice', async () => {
    const { ChallengeParameters } = await client.send(
      new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: user.email, SRP_A: 'abcdef' } }),
    );
    const answer = () =>
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId,
          ChallengeName: 'PASSWORD_VERIFIER',
          ChallengeResponses: {
            USERNAME: ChallengeParameters!.USER_ID_FOR_SRP!,
            PASSWORD_CLAIM_SECRET_BLOCK: ChallengeParameters!.SECRET_BLOCK!,
            TIMESTAMP: 'Sun Nov 22 10:00:00 UTC 2026',
            PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32).toString('base64'),
          },
        }),
      );
    await expect(answer()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(answer()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('gives an unknown user the same answer as a wrong password', async () => {
    await expect(
      client.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'nobody@example.org', SRP_A: 'abcdef' } })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
  // The whole SRP exchange, with Amplify's own client, runs in the browser sign-in tests.
});

describe('refresh and global sign-out', () => {
  it('refreshes with GetTokensFromRefreshToken until GlobalSignOut revokes the refresh token', async () => {
    const tokens = await signIn(runtime, user);
    const refreshed = await client.send(new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: tokens.RefreshToken }));
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();

    await client.send(new GlobalSignOutCommand({ AccessToken: tokens.AccessToken }));
    await expect(client.send(new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: tokens.RefreshToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('keeps the refresh token issued after a TOTP challenge, so refresh works for MFA users too', async () => {
    const mfaUser = await createUser(runtime, { totp: true });
    const tokens = await signIn(runtime, mfaUser, () => totpCode(mfaUser.totpSecret!));
    const refreshed = await client.send(new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: tokens.RefreshToken }));
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('refuses GlobalSignOut with a forged access token', async () => {
    const tokens = await signIn(runtime, user);
    await expect(client.send(new GlobalSignOutCommand({ AccessToken: `${tokens.AccessToken!.slice(0, -4)}AAAA` }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });
});

describe('groups', () => {
  it('refuses a group name the pool has, keeping its members, and keeps every member added at the same moment', async () => {
    const { userPoolId } = await runtimeConfig(runtime);
    const GroupName = `together-${crypto.randomUUID().slice(0, 8)}`;
    const createGroup = () => client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName }));
    await createGroup();
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(runtime)));
    await Promise.all(users.map((u) => client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, GroupName, Username: u.email }))));
    await expect(createGroup()).rejects.toMatchObject({ name: 'GroupExistsException' });
    const { Users = [] } = await client.send(new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName }));
    expect(Users.map((u) => u.Username).sort()).toEqual(users.map((u) => u.userId).sort());
  });
});
