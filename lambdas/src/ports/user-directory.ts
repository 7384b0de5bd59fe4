/** The identity provider's record of a user, read with the user's own access token. */
export interface UserDirectory {
  emailOf(accessToken: string): Promise<string>;
}
