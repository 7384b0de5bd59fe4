// Creating, listing and removing users in a user pool: the local emulator's or a deployed one.
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CreateGroupCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '@chartside/shared';
import { Secret, TOTP } from 'otpauth';

export interface Pool {
  client: CognitoIdentityProviderClient;
  userPoolId: string;
  userPoolClientId: string;
}

export interface CreatedUser {
  email: string;
  userId: string;
  totpSecret?: string;
}

/** The TOTP code for a base32 secret at a moment; the same computation an authenticator app makes. */
export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

const attribute = (attributes: { Name?: string; Value?: string }[] | undefined, name: string) => attributes?.find((a) => a.Name === name)?.Value;

/** Puts the user in the administrators' group (made on first use); its members may use the file cleaner. */
const addToAdminGroup = async ({ client, userPoolId }: Pool, email: string) => {
  await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP, Description: 'Chartside administrators' })).catch((error: unknown) => {
    if (!(error instanceof Error && error.name === 'GroupExistsException')) throw error;
  });
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: ADMIN_GROUP }));
};

/**
 * Creates a confirmed user with a permanent password; with `admin`, in the admin group; with `totp`, enrolls an
 * authenticator and returns its secret.
 */
export const addUser = async (pool: Pool, options: { email: string; password: string; totp?: boolean; admin?: boolean }): Promise<CreatedUser> => {
  const { client, userPoolId } = pool;
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: options.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: options.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: options.email, Password: options.password, Permanent: true }));
  const userId = attribute(created.User?.Attributes, 'sub');
  if (!userId) throw new Error('The user pool returned no user id');
  if (options.admin) await addToAdminGroup(pool, options.email);
  if (!options.totp) return { email: options.email, userId };
  return { email: options.email, userId, totpSecret: await enrollTotp(pool, options.email, options.password) };
};

/**
 * Enrolls an authenticator the way the user would: with their own access token (as the Settings screen does), or, when
 * the pool requires MFA, through the MFA_SETUP step of sign-in. Returns the base32 secret.
 */
const enrollTotp = async ({ client, userPoolClientId }: Pool, email: string, password: string): Promise<string> => {
  const auth = await client.send(
    new InitiateAuthCommand({ ClientId: userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  let accessToken = auth.AuthenticationResult?.AccessToken;
  let secret: string | undefined;
  if (!accessToken && auth.ChallengeName === 'MFA_SETUP') {
    const associated = await client.send(new AssociateSoftwareTokenCommand({ Session: auth.Session }));
    secret = associated.SecretCode;
    if (!secret) throw new Error('The user pool returned no TOTP secret');
    const verified = await client.send(new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: totpCode(secret), FriendlyDeviceName: 'cli' }));
    const done = await client.send(
      new RespondToAuthChallengeCommand({ ClientId: userPoolClientId, ChallengeName: 'MFA_SETUP', Session: verified.Session, ChallengeResponses: { USERNAME: email } }),
    );
    accessToken = done.AuthenticationResult?.AccessToken;
  } else if (accessToken) {
    secret = (await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }))).SecretCode;
    if (!secret) throw new Error('The user pool returned no TOTP secret');
    await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(secret), FriendlyDeviceName: 'cli' }));
  }
  if (!accessToken || !secret) throw new Error(`Could not sign in as ${email} to enroll TOTP (${auth.ChallengeName ?? 'no tokens'})`);
  await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  return secret;
};

export const listUsers = async (pool: Pool) => {
  const users: { email: string; userId: string; status: string; created: string }[] = [];
  let PaginationToken: string | undefined;
  do {
    const page = await pool.client.send(new ListUsersCommand({ UserPoolId: pool.userPoolId, PaginationToken }));
    for (const user of page.Users ?? []) {
      users.push({
        email: attribute(user.Attributes, 'email') ?? user.Username ?? '',
        userId: attribute(user.Attributes, 'sub') ?? '',
        status: user.UserStatus ?? '',
        created: user.UserCreateDate?.toISOString() ?? '',
      });
    }
    PaginationToken = page.PaginationToken;
  } while (PaginationToken);
  return users;
};

export const removeUser = async (pool: Pool, email: string) => {
  await pool.client.send(new AdminDeleteUserCommand({ UserPoolId: pool.userPoolId, Username: email }));
};
