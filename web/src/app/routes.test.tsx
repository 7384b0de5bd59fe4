import { feedContract, meContract, patientsContract, sessionsContract } from '@chartside/shared';
import { screen, waitFor } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { matchRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fillPath } from '../platform/api/api-client';
import { fakeApi } from '../test/fake-api';
import { FakeWebSocket } from '../test/fake-web-socket';
import { cognitoError, signedInSession, signedOutSession, storeSessionId } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { isRouteHandle } from './route-handle';
import { appRoutes } from './routes';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

beforeEach(() => {
  fakeApi().install();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

// Every path of the spec's route table, with the title its page carries. A record's page (a patient, a resource) is
// headed by the record's name and tested with its feature.
const titled: [string, string][] = [
  ['/', 'Home'],
  ['/panel', 'Panel'],
  ['/resources', 'Resources'],
  ['/templates', 'Templates'],
  ['/tools', 'Tools'],
  ['/playground', 'Playground'],
  ['/sessions', 'Sessions'],
  ['/tags', 'Tags'],
  ['/settings', 'Settings'],
  ['/documents', 'Documents'],
  ['/chat', 'Chat'],
  ['/chat/c-1', 'Chat'],
  ['/admissions', 'Admissions'],
  ['/admissions/a-1', 'Admissions'],
  ['/feed', 'Feed'],
  ['/feed/settings', 'Feed Settings'],
  ['/tools/vacall', 'VA Call'],
  ['/tools/signout', 'Sign-out'],
  ['/tools/prompts', 'Prompts'],
  ['/tools/casechat', 'Case Chat'],
  ['/tools/feedback', 'Feedback'],
  ['/tools/moonlight', 'Moonlight'],
  ['/tools/fileencrypt', 'File Encrypt'],
  ['/tools/transcription', 'Transcription'],
  ['/tools/vectorsearch', 'Vector Search'],
  ['/tools/filerenamer', 'File Renamer'],
  ['/tools/texttospeech', 'Text to Speech'],
  ['/present/medEdFeb2025', 'MedEd Presentation'],
  ['/admin/file-cleaner', 'File Cleaner'],
];

describe('route table', () => {
  it.each(['/', '/panel', '/no/such/page'])('sends a signed-out visitor from %s to Login', async (path) => {
    vi.mocked(fetchAuthSession).mockResolvedValue(signedOutSession());
    const { router } = renderApp(path);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('treats a session that cannot be refreshed as signed out', async () => {
    vi.mocked(fetchAuthSession).mockRejectedValue(cognitoError('NotAuthorizedException', 'Refresh Token has expired'));
    const { router } = renderApp('/');
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows an error page, not the login page, when the sign-in service cannot be reached', async () => {
    vi.mocked(fetchAuthSession).mockRejectedValue(cognitoError('NetworkError', 'Network error'));
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Chartside ran into a problem' })).toBeTruthy();
    expect(screen.getByText('Network error')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  describe('signed in', () => {
    beforeEach(() => {
      vi.mocked(fetchAuthSession).mockResolvedValue(signedInSession());
      storeSessionId();
    });

    it.each(['/no/such/page', '/panel/p-1/extra', '/tools/nothing'])('sends an unknown path (%s) Home', async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByText('Signed in as dr.grey@example.org')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
      await waitFor(() => expect(document.title).toBe('Home'));
    });

    it.each(titled)('titles %s "%s", in the tab and as the page heading', async (path, title) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      await waitFor(() => expect(document.title).toBe(title));
    });

    it.each(['/tools/casechat', '/present/medEdFeb2025'])('shows no top bar on the full-screen page %s, but a way back', async (path) => {
      renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('banner')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
      expect(screen.getByRole('link', { name: /^Back to/ })).toBeTruthy();
    });

    it('shows the top bar on every other page', async () => {
      renderApp('/tools/prompts');
      await screen.findByRole('heading', { level: 1, name: 'Prompts' });
      expect(screen.getByRole('banner')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Chartside' }).getAttribute('href')).toBe('/');
    });
  });
});

describe('early GETs', () => {
  const earlyGetsOf = (pathname: string) =>
    (matchRoutes(appRoutes, pathname) ?? []).flatMap(({ route, params }) => (isRouteHandle(route.handle) ? (route.handle.earlyGets?.(params) ?? []) : []));
  const shell = [sessionsContract.current, meContract.get, feedContract.unreadCount];

  // Each must be the very request its page's query makes, or the query asks again and the early answer is wasted.
  it.each([
    ['/', shell, {}],
    ['/panel', [...shell, patientsContract.list], {}],
    ['/panel/p%201', [...shell, patientsContract.get], { patientId: 'p 1' }],
    ['/settings', shell, {}],
  ])('of %s are the GETs its first screen makes', (pathname, endpoints, params) => {
    expect(endpoints.every((endpoint) => endpoint.method === 'get')).toBe(true);
    expect(earlyGetsOf(pathname)).toEqual(endpoints.map((endpoint) => fillPath(endpoint.path, params)));
  });

  it('are none for Login', () => {
    expect(earlyGetsOf('/login')).toEqual([]);
  });
});
