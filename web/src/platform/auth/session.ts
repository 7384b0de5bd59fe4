// The current session, read from Amplify's token store (refreshed by Amplify when the access token has expired).
import { amplifyAuth, mayBeSignedIn } from './configure-amplify';

/** The access token for API and WebSocket calls, or undefined when nobody is signed in. */
export async function getAccessToken(): Promise<string | undefined> {
  const session = await (await amplifyAuth()).fetchAuthSession();
  return session.tokens?.accessToken.toString();
}

/** The access token and the user id it names (its subject), for a socket whose first message carries both. */
export async function getAccessIdentity(): Promise<{ token: string; userId: string } | undefined> {
  const accessToken = (await (await amplifyAuth()).fetchAuthSession()).tokens?.accessToken;
  const userId = accessToken?.payload.sub;
  return accessToken && userId ? { token: accessToken.toString(), userId } : undefined;
}

/**
 * Whether someone is signed in. A failed refresh means signed out; a network failure is thrown, so an
 * offline visitor is not sent to the login page only because the token could not be refreshed.
 */
export async function isSignedIn(): Promise<boolean> {
  if (!mayBeSignedIn()) return false;
  try {
    return (await getAccessToken()) !== undefined;
  } catch (error) {
    if (error instanceof Error && error.name === 'NetworkError') throw error;
    return false;
  }
}

/** Ends the session on this device (Amplify revokes the refresh token where Cognito supports it). */
export async function signOut(): Promise<void> {
  await (await amplifyAuth()).signOut();
}
