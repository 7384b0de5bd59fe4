// The route table (spec section 2). Every feature is a lazy chunk, and so is the signed-in shell: React Router loads a
// route's chunk and its layout's chunk side by side, so Login never loads the shell and Home does not wait for it.
// Every route but /login needs sign-in; the page title is the route's name; unknown paths go Home.
import { redirect, type RouteObject } from 'react-router';
import { loadPatientScreen } from '../features/patient/load-patient-screen';
import { tools } from '../features/tools/catalogue';
import { fillPath } from '../platform/api/api-client';
import { redirectIfSignedIn, requireSignIn } from './guards';
import { PageLoader } from './PageLoader';
import { RootLayout } from './RootLayout';
import type { RouteHandle } from './route-handle';
import { RouteErrorPage } from './RouteErrorPage';

type Lazy = RouteObject['lazy'];

// The early GETs below are written as paths, not taken from the contracts: those bring the API's schemas (zod) into the
// first screen's code. routes.test.tsx checks each against its contract's endpoint.

const page = (path: string, title: string, lazy: Lazy, extra: Omit<RouteHandle, 'title'> = {}): RouteObject => ({
  path,
  handle: { title, ...extra } satisfies RouteHandle,
  lazy,
});

const panel = () => import('../features/panel/routes');
const resources = () => import('../features/resources/routes');
const documents = () => import('../features/documents/routes');
const admissions = () => import('../features/admissions/routes');
const feed = () => import('../features/feed/routes');
const toolPages = () => import('../features/tools/routes');

/** The signed-in routes, in the spec's order. Exported for the tests that visit each one. */
export const signedInRoutes: RouteObject[] = [
  { index: true, handle: { title: 'Home' } satisfies RouteHandle, lazy: async () => (await import('../features/home/routes')).homeRoute },
  page('panel', 'Panel', async () => (await panel()).panelRoute, { earlyGets: () => ['/patients'] }),
  page('panel/:id', 'Patient', async () => (await loadPatientScreen()).patientRoute, {
    earlyGets: ({ id = '' }) => [fillPath('/patients/{patientId}', { patientId: id })],
  }),
  page('resources', 'Resources', async () => (await resources()).resourcesRoute),
  page('resources/:id', 'Resource', async () => (await resources()).resourceRoute),
  page('templates', 'Templates', async () => (await import('../features/templates/routes')).templatesRoute),
  page('tools', 'Tools', async () => (await toolPages()).toolsRoute),
  ...tools.map((tool) => page(`tools/${tool.slug}`, tool.title, async () => (await toolPages()).toolRoute(tool.slug), { hideTopBar: tool.hideTopBar })),
  page('playground', 'Playground', async () => (await import('../features/playground/routes')).playgroundRoute),
  page('sessions', 'Sessions', async () => (await import('../features/sessions/routes')).sessionsRoute),
  page('tags', 'Tags', async () => (await import('../features/tags/routes')).tagsRoute),
  page('settings', 'Settings', async () => (await import('../features/settings/routes')).settingsRoute),
  page('documents', 'Documents', async () => (await documents()).documentsRoute),
  page('documents/:id', 'Document', async () => (await documents()).documentRoute),
  page('chat/:chatSessionId?', 'Chat', async () => (await import('../features/chat/routes')).chatRoute),
  page('admissions', 'Admissions', async () => (await admissions()).admissionsRoute),
  page('admissions/:id', 'Admissions', async () => (await admissions()).admissionRoute),
  page('feed', 'Feed', async () => (await feed()).feedRoute),
  page('feed/settings', 'Feed Settings', async () => (await feed()).feedSettingsRoute),
  page('present/medEdFeb2025', 'MedEd Presentation', async () => (await import('../features/presentation/routes')).presentationRoute, {
    hideTopBar: true,
  }),
  page('present/:resourceId', 'Presentation', async () => (await import('../features/presentation/routes')).resourcePresentationRoute, {
    hideTopBar: true,
  }),
  page('admin/file-cleaner', 'File Cleaner', async () => (await import('../features/admin/routes')).fileCleanerRoute),
];

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        path: 'login',
        handle: { title: 'Login' } satisfies RouteHandle,
        loader: redirectIfSignedIn,
        lazy: async () => (await import('../features/login/routes')).loginRoute,
      },
      {
        id: 'signed-in',
        // The session gate's check, and the shell's user document and unread count.
        handle: { earlyGets: () => ['/sessions/current', '/me', '/feed/unread-count'] } satisfies RouteHandle,
        loader: requireSignIn,
        lazy: async () => ({ Component: (await import('./SignedInLayout')).SignedInLayout }),
        children: signedInRoutes,
      },
      // Unknown paths go Home (and from there to Login when signed out). The loader redirects before anything renders.
      { path: '*', loader: () => redirect('/'), Component: PageLoader },
    ],
  },
];
