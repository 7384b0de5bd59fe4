import { act, screen, waitFor } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, loginSession, patientRecord, signedOutSession, storeSessionId, testConfig } from '../test/fixtures';
import { installSignedInBrowser } from '../test/signed-in-browser';
import { start, type Started } from './start';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

describe('start', () => {
  let container: HTMLElement;
  let started: Started | undefined;

  beforeEach(() => {
    container = document.body.appendChild(document.createElement('div'));
    vi.mocked(fetchAuthSession).mockResolvedValue(signedOutSession());
  });

  afterEach(() => {
    act(() => started?.root.unmount());
    started = undefined;
    container.remove();
    window.history.replaceState(null, '', '/');
    window.localStorage.clear();
  });

  const startWith = async (body: unknown) => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(body)));
    await act(async () => {
      started = await start(container);
    });
  };

  it('shows a full-page error, not a blank screen, when /config.json is wrong', async () => {
    await startWith({ ...testConfig, apiUrl: 42 });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Chartside could not load its configuration: /config.json is not valid: apiUrl:');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(started?.router).toBeUndefined();
  });

  it('starts the app on a good config and sends a signed-out visitor to Login', async () => {
    await startWith(testConfig);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(started?.router?.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Login'));
  });

  it("asks about a signed-in page's login session as it starts, and the session gate takes that answer", async () => {
    const api = installSignedInBrowser().on('GET', '/config.json', testConfig);
    storeSessionId('session-1');
    window.history.replaceState(null, '', '/settings');
    await act(async () => {
      const starting = start(container);
      await vi.waitFor(() => expect(api.calls('GET', '/sessions/current')).toHaveLength(1));
      started = await starting;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 10_000 })).toBeTruthy();
    expect(api.calls('GET', '/sessions/current')).toHaveLength(1);
  });

  it("asks for a patient's record as a page load of that patient starts, and the patient screen takes that answer", async () => {
    let answerSessionCheck = () => {};
    const sessionChecked = new Promise<void>((resolve) => (answerSessionCheck = resolve));
    const api = installSignedInBrowser()
      .on('GET', '/config.json', testConfig)
      .on('GET', '/sessions/current', async () => {
        await sessionChecked;
        return loginSession();
      })
      .on('GET', '/patients/{patientId}', (_request, { patientId }) => patientRecord({ id: patientId }));
    storeSessionId('session-1');
    window.history.replaceState(null, '', '/panel/p-1');
    await act(async () => {
      started = await start(container);
      // Asked while the session gate still waits for its check, so before the patient screen could ask.
      await vi.waitFor(() => expect(api.calls('GET', '/patients/p-1')).toHaveLength(1));
      answerSessionCheck();
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Okafor/ }, { timeout: 10_000 })).toBeTruthy();
    expect(api.calls('GET', '/patients/p-1')).toHaveLength(1);
  });
});
