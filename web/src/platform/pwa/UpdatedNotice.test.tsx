import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_SUCCESS_FLAG_MS } from './constants';
import { MemoryStorage } from './fake-app-updater';
import { createPwaFlags } from './pwa-flags';
import { renderWithMantine } from './render-with-mantine';
import { UpdatedNotice } from './UpdatedNotice';

const UPDATED_AT = new Date('2025-03-01T08:00:00Z').getTime();

describe('UpdatedNotice', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: UPDATED_AT });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = (msSinceUpdate: number | undefined) => {
    const storage = new MemoryStorage();
    const flags = createPwaFlags(storage);
    if (msSinceUpdate !== undefined) flags.markUpdated(UPDATED_AT);
    vi.setSystemTime(UPDATED_AT + (msSinceUpdate ?? 0));
    renderWithMantine(<UpdatedNotice flags={flags} />);
    return flags;
  };

  const notice = () => screen.queryByText('Chartside was updated');

  it('says nothing when the app was not updated', () => {
    setup(undefined);
    expect(notice()).toBeNull();
  });

  it('shows "Chartside was updated" while the success flag lasts, 5 minutes, then drops the flag', () => {
    const flags = setup(3000); // the page reloaded 3 s after Update Now
    expect(notice()).not.toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Chartside was updated');

    act(() => vi.advanceTimersByTime(UPDATE_SUCCESS_FLAG_MS - 3000 - 1));
    expect(notice()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(notice()).toBeNull();
    expect(flags.updatedAt()).toBeUndefined();
  });

  it('is not shown by a page loaded after the 5 minutes', () => {
    const flags = setup(UPDATE_SUCCESS_FLAG_MS);
    expect(notice()).toBeNull();
    expect(flags.updatedAt()).toBeUndefined();
  });

  it('can be dismissed, which ends the flag', () => {
    const flags = setup(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(notice()).toBeNull();
    expect(flags.updatedAt()).toBeUndefined();
  });
});
