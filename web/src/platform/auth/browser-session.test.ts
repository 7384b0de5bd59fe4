import { describe, expect, it, vi } from 'vitest';
import { createBrowserSession, SESSION_ID_KEY } from './browser-session';

const setUp = () => {
  const steps: string[] = [];
  const storage = window.localStorage;
  const session = createBrowserSession({
    storage,
    signOut: vi.fn(async () => void steps.push('amplify sign-out')),
    clearPersistedData: vi.fn(async () => void steps.push('persisted data cleared')),
    clearQueryCache: vi.fn(() => void steps.push('query cache cleared')),
    reload: vi.fn(() => void steps.push(`reload (stored id: ${storage.getItem(SESSION_ID_KEY)})`)),
  });
  return { session, steps };
};

describe('createBrowserSession', () => {
  it('stores, reads and releases the session id', () => {
    const { session } = setUp();
    expect(session.id()).toBeUndefined();
    session.store('s-1');
    expect(window.localStorage.getItem(SESSION_ID_KEY)).toBe('s-1');
    expect(session.id()).toBe('s-1');
    expect(session.release()).toBe('s-1');
    expect(session.id()).toBeUndefined();
  });

  it('signs out locally: id, persisted data and Amplify, without reloading', async () => {
    const { session, steps } = setUp();
    session.store('s-1');
    await session.signOutLocally();
    expect(session.id()).toBeUndefined();
    expect(steps).toEqual(['persisted data cleared', 'amplify sign-out']);
  });

  it('ends a session once, emptying the cache before the persisted copy, and reloads signed out', async () => {
    const { session, steps } = setUp();
    session.store('s-1');
    await Promise.all([session.end(), session.end(), session.end()]);
    expect(steps).toEqual(['query cache cleared', 'persisted data cleared', 'amplify sign-out', 'reload (stored id: null)']);
  });

  it('does not end a session it has already let go of (a logout in progress), until a new one is stored', async () => {
    const { session, steps } = setUp();
    session.store('s-1');
    session.release();
    await session.end();
    expect(steps).toEqual([]);
    session.store('s-2');
    await session.end();
    expect(steps.at(-1)).toBe('reload (stored id: null)');
  });

  it('still signs out of Amplify and reloads when clearing the persisted data fails', async () => {
    const reload = vi.fn();
    const signOut = vi.fn(async () => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = createBrowserSession({
      storage: window.localStorage,
      signOut,
      clearPersistedData: async () => {
        throw new Error('IndexedDB is gone');
      },
      clearQueryCache: () => undefined,
      reload,
    });
    await session.end();
    expect(signOut).toHaveBeenCalled();
    expect(reload).toHaveBeenCalled();
  });
});
