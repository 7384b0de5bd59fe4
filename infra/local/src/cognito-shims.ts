// cognito-local lacks a few Cognito behaviours that Amplify v6 and our sessions need; these add them to its target table:
// USER_SRP_AUTH, GlobalSignOut, GetTokensFromRefreshToken, refresh tokens kept after MFA, Cognito's sign-in errors, and
// TOTP enrollment at sign-in when the pool requires MFA (MFA_SETUP, in cognito-mfa-setup.ts), CreateGroup refusing an
// existing name and group changes one at a time; and to its token generator, the access token's origin_jti (withOriginJti).
import { createPrivateKey, createPublicKey, createSign, createVerify } from 'node:crypto';
import { CognitoError, NotAuthorizedError } from 'cognito-local/lib/errors';
import privateKey from 'cognito-local/lib/keys/cognitoLocal.private.json';
import publicKey from 'cognito-local/lib/keys/cognitoLocal.public.json';
import type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { Targets } from 'cognito-local/lib/targets/targets';
import { associateWithSession, MfaSetupSessions, mfaSetupOnSignIn, respondToMfaSetup, verifyWithSession } from './cognito-mfa-setup';
import { SrpChallenges } from './cognito-srp';
import type { TargetFactory } from './cognito-target';

const targets = Targets as unknown as Record<string, TargetFactory>;

const key = createPublicKey({ key: publicKey.jwk as unknown as import('node:crypto').JsonWebKey, format: 'jwk' });
const signingKey = createPrivateKey(privateKey.pem);

/** Checks the emulator's own RS256 signature and expiry, and returns the token's claims. */
const verifiedClaims = (token: unknown): Record<string, unknown> => {
  const [header, payload, signature] = typeof token === 'string' ? token.split('.') : [];
  if (!header || !payload || !signature) throw new NotAuthorizedError();
  const valid = createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(key, signature, 'base64url');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  if (!valid || (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now())) throw new NotAuthorizedError();
  return claims;
};

/**
 * The access token, signed again with `origin_jti` set to the refresh token's jti, as Cognito does when token revocation
 * is on: every access token of one sign-in shares it (the API binds a login session to it), and Amplify's signOut
 * revokes the refresh token (RevokeToken, which cognito-local has) only for a token that carries it.
 */
const withSignInOf = (accessToken: string, refreshToken: string): string => {
  const [header] = accessToken.split('.');
  const payload = Buffer.from(JSON.stringify({ ...verifiedClaims(accessToken), origin_jti: verifiedClaims(refreshToken).jti })).toString('base64url');
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(signingKey, 'base64url');
  return `${header}.${payload}.${signature}`;
};

/** cognito-local's token generator, its access tokens carrying origin_jti (see withSignInOf). */
export const withOriginJti = (generator: TokenGenerator): TokenGenerator => ({
  async generate(...args) {
    const tokens = await generator.generate(...args);
    return { ...tokens, AccessToken: withSignInOf(tokens.AccessToken, tokens.RefreshToken) };
  },
});

/** GlobalSignOut: revokes every refresh token of the user (access tokens run out on their own, as in Cognito). */
const globalSignOut: TargetFactory = (services) => async (ctx, req) => {
  const claims = verifiedClaims(req.AccessToken);
  const pool = await services.cognito.getUserPoolForClientId(ctx, String(claims.client_id));
  const user = await pool.getUserByUsername(ctx, String(claims.username));
  if (!user) throw new NotAuthorizedError();
  await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};

/** GetTokensFromRefreshToken: what Amplify v6 calls to refresh; honours revocation by GlobalSignOut. */
const getTokensFromRefreshToken: TargetFactory = (services) => async (ctx, req) => {
  const refreshToken = String(req.RefreshToken ?? '');
  verifiedClaims(refreshToken);
  const clientId = String(req.ClientId ?? '');
  const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const client = await services.cognito.getAppClient(ctx, clientId);
  const user = await pool.getUserByRefreshToken(ctx, refreshToken);
  if (!user || !client) throw new NotAuthorizedError();
  const groups = await pool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, undefined, 'RefreshTokens');
  // The refresh keeps the sign-in: origin_jti names the refresh token presented, not the one generate made up.
  const accessToken = withSignInOf(tokens.AccessToken, refreshToken);
  return { AuthenticationResult: { AccessToken: accessToken, IdToken: tokens.IdToken, RefreshToken: refreshToken, TokenType: 'Bearer', ExpiresIn: 3600 } };
};

/**
 * RespondToAuthChallenge forgets the refresh token it issues after an MFA challenge; keep it so refresh works. Kept once:
 * a challenge answered by a password sign-in (SRP's PASSWORD_VERIFIER) has stored it already, and RevokeToken removes
 * one copy only.
 */
const respondToAuthChallengeKeepingRefreshToken =
  (original: TargetFactory): TargetFactory =>
  (services) =>
  async (ctx, req) => {
    const result = (await original(services)(ctx, req)) as { AuthenticationResult?: { RefreshToken?: string } };
    const refreshToken = result.AuthenticationResult?.RefreshToken;
    const username = (req.ChallengeResponses as Record<string, string> | undefined)?.USERNAME;
    if (refreshToken && username) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, String(req.ClientId));
      const user = await pool.getUserByUsername(ctx, username);
      if (user && !user.RefreshTokens?.includes(refreshToken)) await pool.storeRefreshToken(ctx, refreshToken, user);
    }
    return result;
  };

/**
 * Cognito answers a wrong password, and (with user existence errors prevented, as our pool is) an unknown user, with
 * NotAuthorizedException; cognito-local says InvalidPasswordException or UserNotFoundException. Answer as Cognito does.
 */
const signInFailingAsCognitoDoes =
  (original: TargetFactory): TargetFactory =>
  (services) =>
  async (ctx, req) => {
    try {
      return await original(services)(ctx, req);
    } catch (error) {
      if (error instanceof CognitoError && ['InvalidPasswordException', 'UserNotFoundException'].includes(error.code)) {
        throw new NotAuthorizedError('Incorrect username or password.');
      }
      throw error;
    }
  };

const srp = new SrpChallenges();
const mfaSetups = new MfaSetupSessions();

/** InitiateAuth with USER_SRP_AUTH: answers with the PASSWORD_VERIFIER challenge. */
const initiateAuthWithSrp =
  (original: TargetFactory): TargetFactory =>
  (services) =>
  async (ctx, req) => {
    if (req.AuthFlow !== 'USER_SRP_AUTH') return original(services)(ctx, req);
    const parameters = (req.AuthParameters ?? {}) as Record<string, string>;
    const pool = await services.cognito.getUserPoolForClientId(ctx, String(req.ClientId));
    const user = parameters.USERNAME ? await pool.getUserByUsername(ctx, parameters.USERNAME) : null;
    if (!user || !parameters.SRP_A) throw new NotAuthorizedError('Incorrect username or password.');
    return srp.start({ userPoolId: pool.options.Id, userId: user.Username, password: user.Password, srpA: parameters.SRP_A });
  };

/** RespondToAuthChallenge with PASSWORD_VERIFIER: checks the proof, then continues as a password sign-in (tokens or MFA). */
const respondToPasswordVerifier =
  (original: TargetFactory, initiateAuth: TargetFactory): TargetFactory =>
  (services) =>
  async (ctx, req) => {
    if (req.ChallengeName !== 'PASSWORD_VERIFIER') return original(services)(ctx, req);
    const answer = (req.ChallengeResponses ?? {}) as Record<string, string>;
    const proven = srp.verify({
      secretBlock: answer.PASSWORD_CLAIM_SECRET_BLOCK ?? '',
      timestamp: answer.TIMESTAMP ?? '',
      signature: answer.PASSWORD_CLAIM_SIGNATURE ?? '',
    });
    if (!proven) throw new NotAuthorizedError('Incorrect username or password.');
    const pool = await services.cognito.getUserPoolForClientId(ctx, String(req.ClientId));
    const user = await pool.getUserByUsername(ctx, proven.userId);
    if (!user) throw new NotAuthorizedError('Incorrect username or password.');
    return initiateAuth(services)(ctx, {
      ClientId: req.ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.Username, PASSWORD: user.Password },
    });
  };

let installed = false;
/**
 * CreateGroup refuses a name the pool has, as Cognito does: cognito-local saved the new group over the old one, dropping
 * its members (making a second administrator took the first one's membership away).
 */
const createGroupOnce: (createGroup: TargetFactory) => TargetFactory = (createGroup) => (services) => async (ctx, req) => {
  const pool = await services.cognito.getUserPool(ctx, String(req.UserPoolId ?? ''));
  const groups = await pool.listGroups(ctx);
  if (groups.some((group) => group.GroupName === req.GroupName)) throw new CognitoError('GroupExistsException', 'A group with the name already exists.');
  return createGroup(services)(ctx, req);
};

/** The group changes still running, in order (see oneGroupChangeAtATime). */
let groupChanges: Promise<unknown> = Promise.resolve();

/**
 * cognito-local keeps a group's members in the group's record, read and then written whole, and checks a new group's
 * name before saving it: group changes run one at a time, so two at the same moment cannot undo each other.
 */
const oneGroupChangeAtATime =
  (target: TargetFactory): TargetFactory =>
  (services) =>
  (ctx, req) => {
    const change = groupChanges.then(() => target(services)(ctx, req));
    groupChanges = change.catch(() => undefined);
    return change;
  };

export const installCognitoShims = () => {
  if (installed) return;
  installed = true;
  if (!targets.CreateGroup) throw new Error('cognito-local no longer has CreateGroup, which the shims extend');
  targets.CreateGroup = createGroupOnce(targets.CreateGroup);
  for (const name of ['CreateGroup', 'DeleteGroup', 'AdminAddUserToGroup', 'AdminRemoveUserFromGroup']) {
    const target = targets[name];
    if (!target) throw new Error(`cognito-local no longer has ${name}, which the shims serialize`);
    targets[name] = oneGroupChangeAtATime(target);
  }
  targets.GlobalSignOut = globalSignOut;
  targets.GetTokensFromRefreshToken = getTokensFromRefreshToken;
  const { InitiateAuth, RespondToAuthChallenge, AssociateSoftwareToken, VerifySoftwareToken } = targets;
  if (!InitiateAuth || !RespondToAuthChallenge || !AssociateSoftwareToken || !VerifySoftwareToken) {
    throw new Error('cognito-local no longer has the sign-in targets these shims extend');
  }
  // The password check that both USER_PASSWORD_AUTH and SRP's PASSWORD_VERIFIER end in; it may answer MFA_SETUP.
  const passwordSignIn = mfaSetupOnSignIn(InitiateAuth, mfaSetups);
  targets.InitiateAuth = signInFailingAsCognitoDoes(initiateAuthWithSrp(passwordSignIn));
  targets.RespondToAuthChallenge = respondToAuthChallengeKeepingRefreshToken(
    respondToMfaSetup(respondToPasswordVerifier(RespondToAuthChallenge, passwordSignIn), mfaSetups),
  );
  targets.AssociateSoftwareToken = associateWithSession(AssociateSoftwareToken, mfaSetups);
  targets.VerifySoftwareToken = verifyWithSession(VerifySoftwareToken, mfaSetups);
};
