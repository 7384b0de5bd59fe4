// Creating, listing and removing users in a user pool: the local emulator's or a deployed one.
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
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

/** Creates a confirmed user with a permanent password; with `totp`, enrolls an authenticator and returns its secret. */
export const addUser = async (pool: Pool, options: { email: string; password: string; totp?: boolean }): Promise<CreatedUser> => {
  const { client, userPoolId, userPoolClientId } = pool;
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
  if (!options.totp) return { email: options.email, userId };

  // Enrolling needs the user's own access token, exactly as the app's Settings screen will do it.
  const auth = await client.send(
    new InitiateAuthCommand({ ClientId: userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: options.email, PASSWORD: options.password } }),
  );
  const accessToken = auth.AuthenticationResult?.AccessToken;
  if (!accessToken) throw new Error(`Could not sign in as ${options.email} to enroll TOTP (${auth.ChallengeName ?? 'no tokens'})`);
  const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!SecretCode) throw new Error('The user pool returned no TOTP secret');
  await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode), FriendlyDeviceName: 'cli' }));
  await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  return { email: options.email, userId, totpSecret: SecretCode };
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
