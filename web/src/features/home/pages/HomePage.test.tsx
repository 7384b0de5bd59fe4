import { act, screen, waitFor } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { signedInSession, storeSessionId, userDocument } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue(signedInSession('token-1'));
  api = fakeApi().install();
  api.on('POST', '/search', { hits: [], found: 0, foundIs: 'exact', facets: [], facetsAre: 'exact', page: 1, perPage: 25 });
  vi.stubGlobal('WebSocket', FakeWebSocket);
  storeSessionId('session-1');
});

afterEach(() => {
  FakeWebSocket.instances = [];
});

describe('HomePage', () => {
  it('shows who is signed in, read from GET /api/me with the access token, the tab id and the session id', async () => {
    renderApp('/');
    expect(await screen.findByText('Signed in as dr.grey@example.org')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    for (const section of ['Home lists', 'New article from a DOI', 'Search your library']) expect(screen.getByRole('region', { name: section })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Home'));
    const [me] = api.calls('GET', '/me');
    expect(me?.headers.get('authorization')).toBe('Bearer token-1');
    expect(me?.headers.get('x-client-id')).toBe('tab-1');
    expect(me?.headers.get('x-session-id')).toBe('session-1');
  });

  it('says so when the account cannot be loaded', async () => {
    api.on('GET', '/me', apiError(403, 'forbidden', 'This account is disabled.'));
    renderApp('/');
    expect(await screen.findByText('This account is disabled.')).toBeTruthy();
    expect(screen.getByText('Could not load your account')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('refetches the user document when the server says it changed', async () => {
    renderApp('/');
    await screen.findByText('Signed in as dr.grey@example.org');
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/ws?ticket=ticket-1&clientId=tab-1');

    api.state.me = userDocument({ email: 'dr.grey@hospital.example.org', version: 2 });
    act(() => {
      socket.serverOpens();
      socket.serverSends({ type: 'user.updated', version: 2 });
    });
    expect(await screen.findByText('Signed in as dr.grey@hospital.example.org')).toBeTruthy();
  });
});
