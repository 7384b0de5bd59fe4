/** The identity provider's record of a user, read and changed with the user's own access token. */
export interface UserDirectory {
  emailOf(accessToken: string): Promise<string>;
  /** Revokes every refresh token of the user (Cognito GlobalSignOut), so no device can renew its sign-in. */
  globalSignOut(accessToken: string): Promise<void>;
}
