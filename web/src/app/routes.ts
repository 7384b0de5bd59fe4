// The route table. Feature pages are lazy chunks; the shell (this file, layouts, guards) stays small.
import { redirect, type RouteObject } from 'react-router';
import { redirectIfSignedIn, requireSignIn } from './guards';
import { PageLoader } from './PageLoader';
import { RootLayout } from './RootLayout';
import type { RouteHandle } from './route-handle';
import { RouteErrorPage } from './RouteErrorPage';
import { SignedInLayout } from './SignedInLayout';

const handle = (title: string): RouteHandle => ({ title });

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        path: 'login',
        handle: handle('Login'),
        loader: redirectIfSignedIn,
        lazy: async () => (await import('../features/login/routes')).loginRoute,
      },
      {
        id: 'signed-in',
        loader: requireSignIn,
        Component: SignedInLayout,
        children: [
          {
            index: true,
            handle: handle('Home'),
            lazy: async () => (await import('../features/home/routes')).homeRoute,
          },
        ],
      },
      // Unknown paths go Home (and from there to Login when signed out). The loader redirects before anything renders.
      { path: '*', loader: () => redirect('/'), Component: PageLoader },
    ],
  },
];
