// The user's own sign-out and the edits kept on this device: asked before they are deleted, never written back after.
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSED_SCREEN_GRACE_MS } from '../../platform/auth/use-sign-out';
import { clearDrafts, countStoredDrafts, createDraftWriter, draftKey, readDraft } from '../../platform/autosave/draft-store';
import { apiError, type FakeApi } from '../../test/fake-api';
import { FakeWebSocket } from '../../test/fake-web-socket';
import { patientRecord, storedSessionId, storeSessionId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { installSignedInBrowser } from '../../test/signed-in-browser';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const patient = patientRecord({ visibleFields: ['events'] });

/** An edit of the patient's room that never reached the server, kept on this device for `userId`. */
const keepEdit = (userId: string) => createDraftWriter(draftKey(userId, 'patient', patient.id), () => ({ base: patient, changes: { room: '5C' } })).flush();
const keptEdit = () => readDraft(draftKey('user-1', 'patient', patient.id));

let api: FakeApi;
beforeEach(() => {
  // BlockNote's side menu follows the mouse with document.elementsFromPoint, which jsdom lacks.
  Object.defineProperty(document, 'elementsFromPoint', { configurable: true, writable: true, value: () => [] });
  storeSessionId('session-1');
  api = installSignedInBrowser();
  api
    .on('GET', '/patients', () => ({ patients: [patient] }))
    .on('GET', '/patients/{id}', () => patient)
    // The server cannot take the edit: it stays unsaved.
    .on('PATCH', '/patients/{id}', () => apiError(503, 'unavailable', 'The service is busy.'));
});

afterEach(async () => {
  FakeWebSocket.instances = [];
  await clearDrafts();
});

const logout = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  const menu = await screen.findByRole('menu', {}, { timeout: 2_000 });
  await user.click(await within(menu).findByRole('menuitem', { name: 'Logout' }));
};

const unsavedDraftsDialog = () => screen.findByRole('dialog', { name: 'Unsaved changes on this device' }, { timeout: 3_000 });

describe('Logout with edits kept on this device', () => {
  it("asks first; 'Stay signed in' keeps the edits and the session", async () => {
    await keepEdit('user-1');
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByText('Signed in as dr.grey@example.org');
    await logout(user);
    const dialog = await unsavedDraftsDialog();
    expect(within(dialog).getByText('1 record has changes that have not reached the server. Signing out deletes them from this device.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes on this device' })).toBeNull());
    expect(await keptEdit()).toMatchObject({ changes: { room: '5C' } });
    expect(storedSessionId()).toBe('session-1');
    expect(api.calls('POST', '/sessions/session-1/sign-out')).toHaveLength(0);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("'Sign out anyway' deletes them, then signs out", async () => {
    await keepEdit('user-1');
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByText('Signed in as dr.grey@example.org');
    await logout(user);
    await user.click(within(await unsavedDraftsDialog()).getByRole('button', { name: 'Sign out anyway' }));
    expect(await screen.findByRole('button', { name: 'Login' }, { timeout: 3_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(await countStoredDrafts('user-1')).toBe(0);
    expect(storedSessionId()).toBeNull();
    expect(signOut).toHaveBeenCalled();
  });

  it("does not count another user's kept edits, and deletes them too (no patient data outlives a sign-in)", async () => {
    await keepEdit('user-2');
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByText('Signed in as dr.grey@example.org');
    await logout(user);
    expect(await screen.findByRole('button', { name: 'Login' }, { timeout: 3_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes on this device' })).toBeNull();
    expect(await readDraft(draftKey('user-2', 'patient', patient.id))).toBeUndefined();
  });

  it('signs out from an open patient whose save fails: the screen closes first, and its edit is not written back after the clear', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await keepEdit('user-1');
    const user = userEvent.setup();
    renderApp(`/panel/${patient.id}`);
    expect(await screen.findByText('Save Error', {}, { timeout: 5_000 })).toBeTruthy();
    await logout(user);
    // The record's own leave guard asks first; the sign-out waits for its answer.
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave anyway' }));
    await user.click(within(await unsavedDraftsDialog()).getByRole('button', { name: 'Sign out anyway' }));
    expect(await screen.findByRole('button', { name: 'Login' }, { timeout: 3_000 })).toBeTruthy();
    // Long enough for a closed screen's last save and draft write to land, were any still on its way.
    await new Promise((resolve) => setTimeout(resolve, CLOSED_SCREEN_GRACE_MS * 2));
    expect(await keptEdit()).toBeUndefined();
  });

  it("stays on the patient, signed in, when the user chooses 'Stay' at the record's leave guard", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await keepEdit('user-1');
    const user = userEvent.setup();
    const { router } = renderApp(`/panel/${patient.id}`);
    expect(await screen.findByText('Save Error', {}, { timeout: 5_000 })).toBeTruthy();
    await logout(user);
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Stay' }));
    await new Promise((resolve) => setTimeout(resolve, CLOSED_SCREEN_GRACE_MS * 2));
    expect(router.state.location.pathname).toBe(`/panel/${patient.id}`);
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes on this device' })).toBeNull();
    expect(storedSessionId()).toBe('session-1');
    expect(signOut).not.toHaveBeenCalled();
    expect(await keptEdit()).toMatchObject({ changes: { room: '5C' } });
  });
});

describe('terminate all sessions with edits kept on this device', () => {
  it("asks on the Sessions page; 'Stay signed in' leaves every session alone", async () => {
    await keepEdit('user-1');
    const user = userEvent.setup();
    const { router } = renderApp('/sessions');
    await user.click(await screen.findByRole('button', { name: 'Terminate all sessions' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Terminate all sessions?' })).getByRole('button', { name: 'Terminate all sessions' }));
    await user.click(within(await unsavedDraftsDialog()).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terminate all sessions?' })).toBeNull());
    expect(router.state.location.pathname).toBe('/sessions');
    expect(api.calls('POST', '/sessions/sign-out-all')).toHaveLength(0);
    expect(storedSessionId()).toBe('session-1');
    expect(await keptEdit()).toMatchObject({ changes: { room: '5C' } });
  });
});
