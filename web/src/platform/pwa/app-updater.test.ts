import type { RegisterSWOptions } from 'virtual:pwa-register';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppUpdater, type AppUpdater } from './app-updater';
import { RELOAD_AFTER_UPDATE_MS, UPDATE_CHECK_INTERVAL_MS, UPDATE_TAKEOVER_TIMEOUT_MS } from './constants';
import { MemoryStorage } from './fake-app-updater';
import { createPwaFlags } from './pwa-flags';

const START = new Date('2025-03-01T08:00:00Z').getTime();

/** navigator.serviceWorker as the updater sees it: a controller, controllerchange, getRegistration. */
class FakeContainer extends EventTarget {
  controller: object | null = null;
  registration: Partial<ServiceWorkerRegistration> | undefined;
  getRegistration = async () => this.registration as ServiceWorkerRegistration | undefined;
  /** A new worker takes over the page (clientsClaim after activation). */
  takeOver(): void {
    this.controller = {};
    this.dispatchEvent(new Event('controllerchange'));
  }
}

interface Setup {
  controlled?: boolean;
  waiting?: boolean;
  skipWaiting?: () => Promise<void>;
  isOnline?: () => boolean;
}

describe('createAppUpdater', () => {
  let updater: AppUpdater | undefined;

  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    updater?.dispose();
    updater = undefined;
    vi.useRealTimers();
  });

  const setup = ({ controlled = true, waiting = true, skipWaiting = async () => undefined, isOnline = () => true }: Setup = {}) => {
    const container = new FakeContainer();
    if (controlled) container.controller = {};
    const registration = {
      waiting: waiting ? ({} as ServiceWorker) : null,
      installing: null,
      active: {} as ServiceWorker,
      update: vi.fn(async () => undefined as never),
    };
    container.registration = registration;
    let options: RegisterSWOptions = {};
    const skip = vi.fn(skipWaiting);
    const registerSW = vi.fn((given: RegisterSWOptions) => {
      options = given;
      return skip;
    });
    const reload = vi.fn();
    const flags = createPwaFlags(new MemoryStorage());
    updater = createAppUpdater({
      registerSW,
      serviceWorker: container as unknown as ServiceWorkerContainer,
      flags,
      reload,
      isOnline,
    });
    options.onRegisteredSW?.('/sw.js', registration as unknown as ServiceWorkerRegistration);
    return { updater, container, registration, options, skip, reload, flags, registerSW };
  };

  it('registers the worker and reports a waiting version and offline readiness', () => {
    const { updater, options, registerSW } = setup({ controlled: false });
    expect(registerSW).toHaveBeenCalledOnce();
    expect(updater.getState()).toMatchObject({ needRefresh: false, offlineReady: true, status: 'idle' });
    options.onNeedRefresh?.();
    expect(updater.getState().needRefresh).toBe(true);
  });

  it('Update Now: the waiting worker skips waiting, takes over, and the page reloads 3 s after the click', async () => {
    const { updater, container, skip, reload, flags } = setup();
    const done = updater.update();
    expect(updater.getState().status).toBe('updating');
    await vi.advanceTimersByTimeAsync(0);
    expect(skip).toHaveBeenCalledOnce();

    await vi.advanceTimersByTimeAsync(400);
    container.takeOver();
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_UPDATE_MS - 400 - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(reload).toHaveBeenCalledOnce();
    expect(flags.updatedAt()).toBe(START + RELOAD_AFTER_UPDATE_MS);
  });

  it('waits for a slow takeover rather than reloading into the old version', async () => {
    const { updater, container, reload } = setup();
    const done = updater.update();
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_UPDATE_MS + 2000);
    expect(reload).not.toHaveBeenCalled();
    container.takeOver();
    await done;
    expect(reload).toHaveBeenCalledOnce();
  });

  it("fails with a message when no new worker takes over, and the prompt's Update Now can be tried again", async () => {
    const { updater, reload, flags } = setup();
    const done = updater.update();
    await vi.advanceTimersByTimeAsync(UPDATE_TAKEOVER_TIMEOUT_MS);
    await done;
    expect(updater.getState()).toMatchObject({ status: 'failed', error: 'the new version did not start within 15 seconds' });
    expect(reload).not.toHaveBeenCalled();
    expect(flags.updatedAt()).toBeUndefined();
    updater.clearError();
    expect(updater.getState()).toMatchObject({ status: 'idle', error: undefined });
  });

  it('fails when no new version is waiting', async () => {
    const { updater, skip } = setup({ waiting: false });
    await updater.update();
    expect(updater.getState()).toMatchObject({ status: 'failed', error: 'no new version is waiting; reload the page to get it' });
    expect(skip).not.toHaveBeenCalled();
  });

  it('fails with the message of a worker that cannot be told to skip waiting', async () => {
    const { updater, container, reload } = setup({ skipWaiting: async () => Promise.reject(new Error('InvalidStateError')) });
    await updater.update();
    expect(updater.getState()).toMatchObject({ status: 'failed', error: 'InvalidStateError' });
    // A later takeover (another tab) is an update of this page too: it reloads.
    container.takeOver();
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_UPDATE_MS);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('checks for a new version every 60000 ms, and not while offline', async () => {
    let online = true;
    const { registration } = setup({ isOnline: () => online });
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(registration.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(registration.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
    online = false;
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('survives a failed check (the server is down)', async () => {
    const { updater, registration } = setup();
    registration.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(updater.checkForUpdate()).resolves.toBeUndefined();
  });

  it('does not reload when the first worker claims a page that had none', async () => {
    const { container, reload } = setup({ controlled: false });
    container.takeOver();
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_UPDATE_MS * 2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads a page whose worker another tab replaced, 3 s later, leaving the success flag', async () => {
    const { updater, container, reload, flags } = setup();
    container.takeOver();
    expect(updater.getState().status).toBe('updating');
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_UPDATE_MS);
    expect(reload).toHaveBeenCalledOnce();
    expect(flags.updatedAt()).toBe(START + RELOAD_AFTER_UPDATE_MS);
  });

  it('is inert without service workers (no reloads, nothing to update)', async () => {
    updater = createAppUpdater({ registerSW: () => async () => undefined, serviceWorker: undefined, reload: vi.fn() });
    expect(updater.getState()).toMatchObject({ needRefresh: false, offlineReady: false });
    await updater.update();
    expect(updater.getState()).toMatchObject({ status: 'failed', error: 'this browser has no service worker' });
  });
});
