/** Who a verified access token belongs to. */
export interface VerifiedUser {
  /** The Cognito `sub`: the key of everything the user owns. */
  userId: string;
  /** The raw access token, for calls made on the user's behalf (e.g. reading their email). */
  accessToken: string;
  /** When the token was issued (seconds since the epoch), to refuse tokens older than a terminate-all. */
  issuedAt?: number;
}

/** Checks an access token's signature, issuer, expiry and client. Throws when it is not valid. */
export interface TokenVerifier {
  verify(accessToken: string): Promise<VerifiedUser>;
}
