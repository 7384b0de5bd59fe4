import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ENCRYPTED_NOTE, EncryptedNotice, EncryptionSwitch } from './EncryptionSwitch';

describe('EncryptionSwitch', () => {
  it('says what encryption covers beside the switch, and turns it on', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <EncryptionSwitch encrypted={false} onChange={onChange} />
      </MantineProvider>,
    );
    const toggle = screen.getByRole('switch', { name: /^Encrypted/ });
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(ENCRYPTED_NOTE);
    await userEvent.setup().click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('the notice names search’s limit in view mode', () => {
    render(
      <MantineProvider>
        <EncryptedNotice />
      </MantineProvider>,
    );
    expect(screen.getByText(/Search finds this resource by its name and tags only\./)).toBeTruthy();
  });
});
