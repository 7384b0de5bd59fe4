import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { storeSessionId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import type { FakeApi } from '../../../test/fake-api';
import { serveResources } from '../resource-fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let api: FakeApi;
beforeEach(() => {
  // jsdom has no layout; Mantine's option list scrolls the selected option into view.
  Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: vi.fn() });
  api = installSignedInBrowser();
  serveResources(api, []);
  storeSessionId();
});
afterEach(() => {
  FakeWebSocket.instances = [];
});

const openFromMenu = async () => {
  const user = userEvent.setup();
  const app = renderApp('/');
  await screen.findByText('Signed in as dr.grey@example.org');
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  await user.click(await screen.findByRole('menuitem', { name: 'New Resource' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create New Resource' });
  return { ...app, user, dialog };
};

describe('Create New Resource', () => {
  it('keeps Create disabled until the name has more than spaces', async () => {
    const { user, dialog } = await openFromMenu();
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '   ');
    expect(create.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'x');
    expect(create.disabled).toBe(false);
  });

  it('sends a trimmed body with normalized tags, then opens the new resource', async () => {
    const { user, dialog, router } = await openFromMenu();
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Article', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Early goal-directed therapy  ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), '  Rivers 2001  ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Link' }), ' https://example.org/egdt ');
    await user.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'septic shock{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/resources/r-1'));
    expect(api.calls('POST', '/resources')[0]?.body).toEqual({
      type: 'article',
      name: 'Early goal-directed therapy',
      description: 'Rivers 2001',
      link: 'https://example.org/egdt',
      tags: ['Septic Shock'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Early goal-directed therapy' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Create New Resource' })).toBeNull();
  });

  it('leaves out an empty description and link', async () => {
    const { user, dialog, router } = await openFromMenu();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Vancomycin dosing');
    await user.type(within(dialog).getByRole('textbox', { name: 'Link' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resources/r-1'));
    expect(api.calls('POST', '/resources')[0]?.body).toEqual({ type: 'text', name: 'Vancomycin dosing' });
  });

  it("shows the server's message when the create fails, and keeps the form", async () => {
    const { user, dialog } = await openFromMenu();
    api.on('POST', '/resources', () => new Response(JSON.stringify({ error: { code: 'validation_failed', message: 'Name is too long.' } }), { status: 400 }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Heparin');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is too long.')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Heparin');
  });
});
