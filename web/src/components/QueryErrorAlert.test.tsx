import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryErrorAlert } from './QueryErrorAlert';

const renderAlert = (query: Parameters<typeof QueryErrorAlert>[0]['query']) =>
  render(
    <MantineProvider>
      <QueryErrorAlert query={query} what="your sessions" />
    </MantineProvider>,
  );

describe('QueryErrorAlert', () => {
  it('shows nothing while the query is fine', () => {
    renderAlert({ isError: false, error: null, data: undefined, refetch: vi.fn() });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says what could not load, why, and retries on request', async () => {
    const refetch = vi.fn();
    renderAlert({ isError: true, error: new Error('The server did not answer.'), data: undefined, refetch });
    expect(screen.getByText('Could not load your sessions')).toBeTruthy();
    expect(screen.getByText('The server did not answer.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says the data on screen may be old when an earlier copy is shown', () => {
    renderAlert({ isError: true, error: new Error('Offline'), data: { sessions: [] }, refetch: vi.fn() });
    expect(screen.getByText('Showing the last copy of your sessions that loaded')).toBeTruthy();
  });
});
