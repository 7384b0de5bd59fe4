import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAppUpdater, MemoryStorage } from './fake-app-updater';
import { OfflineReadyNotice } from './OfflineReadyNotice';
import { createPwaFlags } from './pwa-flags';
import { renderWithMantine } from './render-with-mantine';

const TEXT = 'Chartside is ready to work offline.';

describe('OfflineReadyNotice', () => {
  const setup = (storage: MemoryStorage, offlineReady = true) => {
    const updater = createFakeAppUpdater({ offlineReady });
    const view = renderWithMantine(<OfflineReadyNotice updater={updater} flags={createPwaFlags(storage)} />);
    return { updater, view };
  };

  it('appears when the app is first ready offline', () => {
    const { updater } = setup(new MemoryStorage(), false);
    expect(screen.queryByText(TEXT)).toBeNull();
    act(() => updater.setState({ offlineReady: true }));
    expect(screen.getByRole('status').textContent).toContain(TEXT);
  });

  it('stays until dismissed, across reloads', () => {
    const storage = new MemoryStorage();
    setup(storage).view.unmount();
    setup(storage);
    expect(screen.getByText(TEXT)).toBeTruthy();
  });

  it('stays dismissed for good once dismissed', () => {
    const storage = new MemoryStorage();
    const first = setup(storage);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(TEXT)).toBeNull();
    first.view.unmount();

    const second = setup(storage); // a later visit, the app still (or again) ready offline
    act(() => second.updater.setState({ offlineReady: true }));
    expect(screen.queryByText(TEXT)).toBeNull();
    expect([...storage.items.values()]).toEqual(['true']);
  });
});
