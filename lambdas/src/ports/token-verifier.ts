/** Who a verified access token belongs to. */
export interface VerifiedUser {
  /** The Cognito `sub`: the key of everything the user owns. */
  userId: string;
  /** The raw access token, for calls made on the user's behalf (e.g. reading their email). */
  accessToken: string;
  /** When the token was issued (seconds since the epoch), to refuse tokens older than a terminate-all. */
  issuedAt?: number;
  /**
   * The sign-in the token comes from: Cognito's `origin_jti`, shared by every access token refreshed from the same
   * refresh token. A login session is bound to it, and when that session ends no token of the sign-in is accepted.
   */
  signInId: string;
  /** The Cognito groups the user belongs to (the token's `cognito:groups`), e.g. `admin`. */
  groups: string[];
}

/** Checks an access token's signature, issuer, expiry and client. Throws when it is not valid. */
export interface TokenVerifier {
  verify(accessToken: string): Promise<VerifiedUser>;
}

/** A token's `cognito:groups` claim as a list; absent or malformed is no groups. */
/** A token's `origin_jti` (present when the app client has token revocation enabled, as ours has); without it a token cannot be bound to a session. */
export const signInIdOf = (claim: unknown): string => {
  if (typeof claim !== 'string' || !claim) throw new Error('Token has no origin_jti');
  return claim;
};

export const groupsOf = (claim: unknown): string[] => (Array.isArray(claim) ? claim.filter((group): group is string => typeof group === 'string') : []);
