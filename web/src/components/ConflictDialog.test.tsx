import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cssVariablesResolver, theme } from '../app/theme';
import { renderWithMantine } from '../platform/pwa/render-with-mantine';
import { ConflictDialog, type ConflictRow } from './ConflictDialog';

const rows = (theirs: string): ConflictRow[] => [{ key: 'body', label: 'Plan', mine: 'Repeat K+ in 2 h', theirs }];

describe('the conflict dialog', () => {
  it('names the copy a choice was made on', () => {
    const onResolve = vi.fn();
    renderWithMantine(<ConflictDialog title="This patient changed on another device" rows={rows('Insulin and dextrose')} theirsVersion={4} onResolve={onResolve} />);
    fireEvent.click(screen.getByRole('button', { name: 'Use theirs' }));
    expect(onResolve).toHaveBeenCalledWith('theirs', 4);
  });

  it('says so when their copy changes while it is open, and holds its buttons a moment before a choice can be made on the new copy', async () => {
    const onResolve = vi.fn();
    const dialog = (theirs: string, version: number) => (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ConflictDialog title="This patient changed on another device" rows={rows(theirs)} theirsVersion={version} onResolve={onResolve} />
      </MantineProvider>
    );
    const { rerender } = render(dialog('Insulin and dextrose', 4));
    expect(screen.queryByText(/Their version changed while this was open/)).toBeNull();
    rerender(dialog('Insulin and dextrose, then salbutamol', 5));
    expect(screen.getByText('Their version changed while this was open. Read it again before you choose.')).toBeTruthy();
    const keepMine = screen.getByRole('button', { name: 'Keep mine' });
    expect((keepMine as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(keepMine);
    expect(onResolve).not.toHaveBeenCalled();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Keep mine' }) as HTMLButtonElement).disabled).toBe(false), { timeout: 3_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(onResolve).toHaveBeenCalledWith('mine', 5);
  });
});
