import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './OfflineBanner';
import { renderWithMantine } from './render-with-mantine';

const setNetwork = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};

describe('OfflineBanner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows nothing while online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithMantine(<OfflineBanner />);
    expect(screen.queryByText("You're offline")).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("shows \"You're offline\" when the network goes, and hides it when it comes back", () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithMantine(<OfflineBanner />);
    setNetwork(false);
    expect(screen.getByRole('status').textContent).toBe("You're offline");
    setNetwork(true);
    expect(screen.queryByText("You're offline")).toBeNull();
    setNetwork(false);
    expect(screen.getByText("You're offline")).toBeTruthy();
  });

  it('shows the banner at once on a page loaded offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithMantine(<OfflineBanner />);
    expect(screen.getByText("You're offline")).toBeTruthy();
  });
});
