import { screen, waitFor } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../test/fake-web-socket';
import { cognitoError, jsonResponse, signedInSession, signedOutSession, userDocument } from '../test/fixtures';
import { renderApp } from '../test/render-app';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(userDocument())));
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

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

  it('sends a signed-in visitor from an unknown path Home', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(signedInSession());
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByText('Signed in as dr.grey@example.org')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(document.title).toBe('Home'));
  });

  it('shows an error page, not the login page, when the sign-in service cannot be reached', async () => {
    vi.mocked(fetchAuthSession).mockRejectedValue(cognitoError('NetworkError', 'Network error'));
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Chartside ran into a problem' })).toBeTruthy();
    expect(screen.getByText('Network error')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
