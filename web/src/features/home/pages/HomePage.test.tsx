import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { jsonResponse, signedInSession, signedOutSession, userDocument } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let signedIn = true;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  signedIn = true;
  vi.mocked(fetchAuthSession).mockImplementation(async () => (signedIn ? signedInSession('token-1') : signedOutSession()));
  vi.mocked(signOut).mockImplementation(async () => {
    signedIn = false;
  });
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(userDocument()));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  FakeWebSocket.instances = [];
});

describe('HomePage', () => {
  it('shows who is signed in, read from GET /api/me with the access token', async () => {
    renderApp('/');
    expect(await screen.findByText('Signed in as dr.grey@example.org')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Home'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/me');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
    expect(new Headers(init?.headers).get('x-client-id')).toBe('tab-1');
  });

  it('says so when the account cannot be loaded', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'forbidden', message: 'This account is disabled.' } }, 403));
    renderApp('/');
    expect(await screen.findByText('This account is disabled.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('logs out to the login page', async () => {
    const { router, queryClient } = renderApp('/');
    await screen.findByText('Signed in as dr.grey@example.org');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('refetches the user document when the server says it changed', async () => {
    renderApp('/');
    await screen.findByText('Signed in as dr.grey@example.org');
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/ws?token=token-1&clientId=tab-1');

    fetchMock.mockResolvedValue(jsonResponse(userDocument({ email: 'dr.grey@hospital.example.org', version: 2 })));
    act(() => {
      socket.serverOpens();
      socket.serverSends({ type: 'user.updated', version: 2 });
    });
    expect(await screen.findByText('Signed in as dr.grey@hospital.example.org')).toBeTruthy();
  });
});
