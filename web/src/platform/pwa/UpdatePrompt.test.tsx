import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_DISMISS_MS } from './constants';
import { createFakeAppUpdater, MemoryStorage } from './fake-app-updater';
import { createPwaFlags } from './pwa-flags';
import { renderWithMantine } from './render-with-mantine';
import { UpdatePrompt } from './UpdatePrompt';

const START = new Date('2025-03-01T08:00:00Z');

describe('UpdatePrompt', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = (storage = new MemoryStorage()) => {
    const updater = createFakeAppUpdater();
    const flags = createPwaFlags(storage);
    const view = renderWithMantine(<UpdatePrompt updater={updater} flags={flags} />);
    return { updater, flags, storage, view };
  };

  const updateNow = () => screen.queryByRole('button', { name: 'Update Now' });

  it('says nothing until a new version waits, then offers Update Now and Later', () => {
    const { updater } = setup();
    expect(screen.queryByRole('region', { name: 'App update' })).toBeNull();
    act(() => updater.setState({ needRefresh: true }));
    expect(screen.getByRole('region', { name: 'App update' }).textContent).toContain('A new version of Chartside is available.');
    expect(updateNow()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Later' })).toBeTruthy();
  });

  it('Update Now applies the update and shows that the app is updating', () => {
    const { updater } = setup();
    act(() => updater.setState({ needRefresh: true }));
    fireEvent.click(updateNow()!);
    expect(updater.update).toHaveBeenCalledOnce();
    act(() => updater.setState({ status: 'updating' }));
    expect(screen.getByRole('status', { name: 'App update' }).textContent).toContain('Updating Chartside…');
    expect(updateNow()).toBeNull();
  });

  it("shows 'Update failed: {message}' and lets the clinician try again", () => {
    const { updater } = setup();
    act(() => updater.setState({ needRefresh: true, status: 'failed', error: 'the new version did not start within 15 seconds' }));
    expect(screen.getByRole('alert').textContent).toBe('Update failed: the new version did not start within 15 seconds');
    fireEvent.click(updateNow()!);
    expect(updater.update).toHaveBeenCalledOnce();
  });

  it('Later hides the prompt for exactly one hour', () => {
    const { updater } = setup();
    act(() => updater.setState({ needRefresh: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(updateNow()).toBeNull();

    act(() => vi.advanceTimersByTime(UPDATE_DISMISS_MS - 1000));
    expect(updateNow()).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(updateNow()).not.toBeNull();
  });

  it('remembers Later across reloads, for the rest of the hour only', () => {
    const storage = new MemoryStorage();
    const first = setup(storage);
    act(() => first.updater.setState({ needRefresh: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    first.view.unmount();

    vi.setSystemTime(START.getTime() + 30 * 60 * 1000); // a reload half an hour later
    const second = setup(storage);
    act(() => second.updater.setState({ needRefresh: true }));
    expect(updateNow()).toBeNull();
    second.view.unmount();

    vi.setSystemTime(START.getTime() + UPDATE_DISMISS_MS); // a reload an hour after Later
    const third = setup(storage);
    act(() => third.updater.setState({ needRefresh: true }));
    expect(updateNow()).not.toBeNull();
  });

  it('Later forgets a failed attempt, so the prompt comes back clean', () => {
    const { updater } = setup();
    act(() => updater.setState({ needRefresh: true, status: 'failed', error: 'boom' }));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(updater.clearError).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(UPDATE_DISMISS_MS));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
