// Users made the way an operator makes them (the users CLI's own addUser), and signed in the way the web app signs in.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { CognitoIdentityProviderClient, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { RuntimeConfig } from '@chartside/shared';
import { addUser } from '../../infra/local/src/users';
import { startSession, type Auth } from './api';
import { quietSdkEnv, repoRoot, type TestRuntime } from './runtime';

const run = promisify(execFile);

export interface TestUser {
  email: string;
  password: string;
  userId: string;
  totpSecret?: string;
}

export const usersCli = async (runtime: Pick<TestRuntime, 'port'> & Partial<Pick<TestRuntime, 'dataDir'>>, args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'infra/local/src/users-cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...quietSdkEnv, PORT: String(runtime.port), ...(runtime.dataDir && { DATA_DIR: runtime.dataDir }) },
  });

type UserOptions = { totp?: boolean; admin?: boolean; sample?: boolean };

/** A fresh, unique email and password for a test user. */
const newCredentials = () => ({ email: `clinician-${randomUUID().slice(0, 8)}@example.org`, password: `Pw-${randomUUID()}` });

/** A new user made with the users CLI itself (`users add`); `sample` needs the runtime's data folder. */
export const createUserWithCli = async (runtime: Parameters<typeof usersCli>[0], options: UserOptions = {}): Promise<TestUser> => {
  const { email, password } = newCredentials();
  const flags = [...(options.totp ? ['--totp'] : []), ...(options.admin ? ['--admin'] : []), ...(options.sample ? ['--sample'] : [])];
  const { stdout } = await usersCli(runtime, ['add', '--email', email, '--password', password, '--json', ...flags]);
  return { ...(JSON.parse(stdout) as { userId: string; totpSecret?: string }), email, password };
};

/**
 * A new user, made by the users CLI's own addUser in this process: starting the CLI (Node, tsx, the AWS SDK) takes
 * seconds of CPU a user, the call a tenth of one. `sample` (the demo clinician's fictional sample, written through the
 * runtime's data folder) goes through the CLI.
 */
export const createUser = async (runtime: Parameters<typeof usersCli>[0], options: UserOptions = {}): Promise<TestUser> => {
  if (options.sample) return createUserWithCli(runtime, options);
  const origin = { url: `http://localhost:${runtime.port}` };
  const { userPoolId, userPoolClientId } = await runtimeConfig(origin);
  const { email, password } = newCredentials();
  const created = await addUser({ client: cognito(origin), userPoolId, userPoolClientId }, { email, password, totp: options.totp, admin: options.admin });
  return { ...created, password };
};

export const runtimeConfig = async (runtime: Pick<TestRuntime, 'url'>) => RuntimeConfig.parse(await (await fetch(`${runtime.url}/config.json`)).json());

const cognito = (runtime: Pick<TestRuntime, 'url'>) =>
  new CognitoIdentityProviderClient({
    endpoint: `${runtime.url}/cognito`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });

/** Signs in with USER_PASSWORD_AUTH (answering the TOTP challenge when `code` is given) and returns the tokens. */
export const signIn = async (runtime: Pick<TestRuntime, 'url'>, user: Pick<TestUser, 'email' | 'password'>, code?: () => string) => {
  const { userPoolClientId } = await runtimeConfig(runtime);
  const client = cognito(runtime);
  const first = await client.send(
    new InitiateAuthCommand({ ClientId: userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.email, PASSWORD: user.password } }),
  );
  if (first.AuthenticationResult?.AccessToken) return first.AuthenticationResult;
  if (first.ChallengeName !== 'SOFTWARE_TOKEN_MFA' || !code) throw new Error(`Unexpected sign-in step ${first.ChallengeName}`);
  const second = await client.send(
    new RespondToAuthChallengeCommand({
      ClientId: userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: first.Session,
      ChallengeResponses: { USERNAME: user.email, SOFTWARE_TOKEN_MFA_CODE: code() },
    }),
  );
  if (!second.AuthenticationResult?.AccessToken) throw new Error('No tokens after the TOTP challenge');
  return second.AuthenticationResult;
};

export const accessTokenOf = async (runtime: Pick<TestRuntime, 'url'>, user: Pick<TestUser, 'email' | 'password'>) => {
  const tokens = await signIn(runtime, user);
  return tokens.AccessToken!;
};

/** Signs in and starts a login session: what every API call after sign-in needs. */
export const signedIn = async (runtime: Pick<TestRuntime, 'url'>, user: Pick<TestUser, 'email' | 'password'>, session?: Record<string, unknown>): Promise<Auth> =>
  startSession(runtime, await accessTokenOf(runtime, user), session);
