// Cognito's MFA_SETUP sign-in, which cognito-local lacks: when the pool requires MFA and the user has no factor yet,
// a correct password answers MFA_SETUP with a Session; AssociateSoftwareToken and VerifySoftwareToken accept that
// Session (each answering a new one), and RespondToAuthChallenge(MFA_SETUP) with the last Session returns tokens.
// Amplify v6 drives exactly these calls (nextStep CONTINUE_SIGN_IN_WITH_TOTP_SETUP, then confirmSignIn(code)).
import { randomBytes } from 'node:crypto';
import { CognitoError, InvalidParameterError, NotAuthorizedError } from 'cognito-local/lib/errors';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import { generateSecret, verify } from 'cognito-local/lib/services/totp';
import type { User } from 'cognito-local/lib/services/userPoolService';
import type { TargetFactory } from './cognito-target';

interface PendingSetup {
  clientId: string;
  username: string;
  /** Set once AssociateSoftwareToken handed out a secret. */
  secretIssued: boolean;
  /** Set once VerifySoftwareToken accepted a code. */
  verified: boolean;
  expires: number;
}

/** Cognito's default AuthSessionValidity: a sign-in left half-done for longer starts over. */
const SESSION_VALIDITY_MS = 3 * 60_000;

const sessionExpired = () => new NotAuthorizedError('Invalid session for the user, session is expired.');

/** Sign-in state between the MFA_SETUP steps, keyed by the opaque Session string each step hands out. */
export class MfaSetupSessions {
  private readonly pending = new Map<string, PendingSetup>();

  issue(setup: Omit<PendingSetup, 'expires'>): string {
    this.sweep();
    const session = randomBytes(48).toString('base64');
    this.pending.set(session, { ...setup, expires: Date.now() + SESSION_VALIDITY_MS });
    return session;
  }

  /** Each Session is good for one step: taking it ends it. */
  take(session: unknown): PendingSetup {
    const setup = typeof session === 'string' ? this.pending.get(session) : undefined;
    if (typeof session === 'string') this.pending.delete(session);
    if (!setup || setup.expires < Date.now()) throw sessionExpired();
    return setup;
  }

  /** Puts a step's Session back unchanged (a wrong code may be typed again). */
  restore(session: string, setup: PendingSetup) {
    this.pending.set(session, setup);
  }

  private sweep() {
    const now = Date.now();
    for (const [key, setup] of this.pending) if (setup.expires < now) this.pending.delete(key);
  }
}

const hasNoFactor = (user: User) => (user.UserMFASettingList ?? []).length === 0 && (user.MFAOptions ?? []).length === 0;

const userOf = async (services: Services, ctx: Context, setup: PendingSetup) => {
  const pool = await services.cognito.getUserPoolForClientId(ctx, setup.clientId);
  const user = await pool.getUserByUsername(ctx, setup.username);
  if (!user) throw new NotAuthorizedError();
  return { pool, user };
};

/** InitiateAuth(USER_PASSWORD_AUTH): a right password of a user without a factor, in a pool that requires one, answers MFA_SETUP. */
export const mfaSetupOnSignIn =
  (original: TargetFactory, sessions: MfaSetupSessions): TargetFactory =>
  (services) =>
  async (ctx, req) => {
    const parameters = (req.AuthParameters ?? {}) as Record<string, string>;
    if (req.AuthFlow === 'USER_PASSWORD_AUTH' && parameters.USERNAME) {
      const clientId = String(req.ClientId);
      const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
      const user = await pool.getUserByUsername(ctx, parameters.USERNAME);
      const ready = user && user.UserStatus === 'CONFIRMED' && user.Enabled !== false && user.Password === parameters.PASSWORD;
      if (ready && pool.options.MfaConfiguration === 'ON' && hasNoFactor(user)) {
        return {
          ChallengeName: 'MFA_SETUP',
          ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.Username },
          Session: sessions.issue({ clientId, username: user.Username, secretIssued: false, verified: false }),
        };
      }
    }
    return original(services)(ctx, req);
  };

/** AssociateSoftwareToken with the MFA_SETUP Session instead of an access token. */
export const associateWithSession =
  (original: TargetFactory, sessions: MfaSetupSessions): TargetFactory =>
  (services) =>
  async (ctx, req) => {
    if (req.AccessToken || !req.Session) return original(services)(ctx, req);
    const setup = sessions.take(req.Session);
    const { pool, user } = await userOf(services, ctx, setup);
    const secret = generateSecret();
    await pool.saveUser(ctx, { ...user, SoftwareTokenMfaConfiguration: { Secret: secret, Verified: false } });
    return { SecretCode: secret, Session: sessions.issue({ ...setup, secretIssued: true }) };
  };

/** VerifySoftwareToken with the Session: a right code enables the factor; a wrong one may be tried again. */
export const verifyWithSession =
  (original: TargetFactory, sessions: MfaSetupSessions): TargetFactory =>
  (services) =>
  async (ctx, req) => {
    if (req.AccessToken || !req.Session) return original(services)(ctx, req);
    if (!req.UserCode) throw new InvalidParameterError('Missing required parameter UserCode');
    const session = String(req.Session);
    const setup = sessions.take(session);
    const { pool, user } = await userOf(services, ctx, setup);
    const secret = user.SoftwareTokenMfaConfiguration?.Secret;
    if (!setup.secretIssued || !secret) throw new InvalidParameterError('Call AssociateSoftwareToken first.');
    if (!verify(secret, String(req.UserCode))) {
      sessions.restore(session, setup);
      throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
    }
    const methods = user.UserMFASettingList ?? [];
    await pool.saveUser(ctx, {
      ...user,
      SoftwareTokenMfaConfiguration: { Secret: secret, Verified: true, FriendlyDeviceName: typeof req.FriendlyDeviceName === 'string' ? req.FriendlyDeviceName : undefined },
      UserMFASettingList: methods.includes('SOFTWARE_TOKEN_MFA') ? methods : [...methods, 'SOFTWARE_TOKEN_MFA'],
      PreferredMfaSetting: user.PreferredMfaSetting ?? 'SOFTWARE_TOKEN_MFA',
    });
    return { Status: 'SUCCESS', Session: sessions.issue({ ...setup, verified: true }) };
  };

/** RespondToAuthChallenge(MFA_SETUP) with the Session VerifySoftwareToken returned: the sign-in completes with tokens. */
export const respondToMfaSetup =
  (original: TargetFactory, sessions: MfaSetupSessions): TargetFactory =>
  (services) =>
  async (ctx, req) => {
    if (req.ChallengeName !== 'MFA_SETUP') return original(services)(ctx, req);
    const username = (req.ChallengeResponses as Record<string, string> | undefined)?.USERNAME;
    if (!username) throw new InvalidParameterError('Missing required parameter USERNAME');
    const setup = sessions.take(req.Session);
    const { pool, user } = await userOf(services, ctx, setup);
    const named = await pool.getUserByUsername(ctx, username);
    if (!setup.verified || setup.clientId !== String(req.ClientId) || named?.Username !== user.Username) throw sessionExpired();
    const client = await services.cognito.getAppClient(ctx, setup.clientId);
    if (!client) throw new NotAuthorizedError();
    const groups = await pool.listUserGroupMembership(ctx, user);
    const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, req.ClientMetadata as Record<string, string> | undefined, 'Authentication');
    return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, TokenType: 'Bearer', ExpiresIn: 3600 } };
  };
