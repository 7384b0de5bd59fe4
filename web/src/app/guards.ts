// Route loaders that decide who may see a route: every route but /login needs a signed-in user.
import { redirect } from 'react-router';
import { isSignedIn } from '../platform/auth/session';

export async function requireSignIn(): Promise<null> {
  if (!(await isSignedIn())) throw redirect('/login');
  return null;
}

export async function redirectIfSignedIn(): Promise<null> {
  if (await isSignedIn()) throw redirect('/');
  return null;
}
