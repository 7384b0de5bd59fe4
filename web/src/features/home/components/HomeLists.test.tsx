import type { HomeList, UserDocument } from '@chartside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { renderApp } from '../../../test/render-app';
import { hit, homeApi, type HomeApi } from '../home-test-api';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

afterEach(() => {
  FakeWebSocket.instances = [];
});

const cardio: HomeList = {
  name: 'Cardio',
  items: [
    { id: 'r1', name: 'Heart failure guideline', type: 'guide', link: 'https://www.example.org/hf' },
    { id: 'r2', name: 'Chest pain case', type: 'case', link: '' },
  ],
};
const renal: HomeList = { name: 'Renal', items: [] };

const renderHome = async () => {
  const app = renderApp('/');
  await screen.findByRole('region', { name: 'Home lists' });
  await screen.findByLabelText('New list');
  return { ...app, user: userEvent.setup() };
};

const patches = (api: HomeApi) => api.calls('PATCH', '/me').map((request) => request.body as Partial<UserDocument>);
const list = (name: string) => screen.getByRole('region', { name });

describe('HomeLists', () => {
  it('creates a list', async () => {
    const api = homeApi();
    const { user } = await renderHome();
    expect(screen.getByText('No lists yet. Create one, then add resources to it from the search results.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create list' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'New list' }), '  Cardio ');
    await user.click(screen.getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(patches(api)).toEqual([{ version: 1, homeLists: [{ name: 'Cardio', items: [] }] }]));
    expect(await screen.findByRole('region', { name: 'Cardio' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'New list' }) as HTMLInputElement).value).toBe('');
  });

  it('renames a list inline: Enter saves, Escape cancels', async () => {
    const api = homeApi({ homeLists: [cardio, renal] });
    const { user } = await renderHome();
    await user.click(within(list('Renal')).getByRole('button', { name: 'Rename Renal' }));
    const input = within(list('Renal')).getByRole('textbox', { name: 'List name' });
    await user.clear(input);
    await user.type(input, 'Nephro{Escape}');
    expect(within(list('Renal')).getByRole('button', { name: 'Rename Renal' })).toBeTruthy();

    await user.click(within(list('Renal')).getByRole('button', { name: 'Rename Renal' }));
    await user.clear(within(list('Renal')).getByRole('textbox', { name: 'List name' }));
    await user.type(within(list('Renal')).getByRole('textbox', { name: 'List name' }), 'Nephrology{Enter}');
    await waitFor(() => expect(patches(api)).toEqual([{ version: 1, homeLists: [cardio, { name: 'Nephrology', items: [] }] }]));
    expect(await screen.findByRole('region', { name: 'Nephrology' })).toBeTruthy();
  });

  it('refuses a name another list has, saying so, when creating and renaming', async () => {
    const api = homeApi({ homeLists: [cardio, renal] });
    const { user } = await renderHome();
    await user.type(screen.getByRole('textbox', { name: 'New list' }), 'renal');
    expect(screen.getByText("A home list named 'renal' exists already. Choose another name.")).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create list' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'New list' }), '{Enter}');

    await user.click(within(list('Renal')).getByRole('button', { name: 'Rename Renal' }));
    const input = within(list('Renal')).getByRole('textbox', { name: 'List name' });
    await user.clear(input);
    await user.type(input, 'Cardio{Enter}');
    expect(within(list('Renal')).getByText("A home list named 'Cardio' exists already. Choose another name.")).toBeTruthy();
    await user.click(screen.getByRole('heading', { name: 'Home lists' }));
    expect(within(list('Renal')).getByRole('button', { name: 'Rename Renal' })).toBeTruthy();
    expect(patches(api)).toEqual([]);
  });

  it('saves a rename when the box loses focus', async () => {
    const api = homeApi({ homeLists: [renal] });
    const { user } = await renderHome();
    await user.click(screen.getByRole('button', { name: 'Rename Renal' }));
    await user.type(screen.getByRole('textbox', { name: 'List name' }), ' and ICU');
    await user.click(screen.getByRole('heading', { name: 'Home lists' }));
    await waitFor(() => expect(patches(api)).toEqual([{ version: 1, homeLists: [{ name: 'Renal and ICU', items: [] }] }]));
  });

  it('moves lists left and right, the ends disabled', async () => {
    const api = homeApi({ homeLists: [cardio, renal] });
    const { user } = await renderHome();
    expect((screen.getByRole('button', { name: 'Move Cardio left' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Renal right' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move Cardio right' }));
    await waitFor(() => expect(patches(api)).toEqual([{ version: 1, homeLists: [renal, cardio] }]));
    await waitFor(() => expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label')).filter(Boolean)).toEqual(['Renal', 'Cardio']));
    await user.click(screen.getByRole('button', { name: 'Move Cardio left' }));
    await waitFor(() => expect(patches(api).at(-1)).toEqual({ version: 2, homeLists: [cardio, renal] }));
  });

  it('deletes a list after a confirmation', async () => {
    const api = homeApi({ homeLists: [cardio, renal] });
    const { user } = await renderHome();
    await user.click(screen.getByRole('button', { name: 'Delete Cardio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the list Cardio?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(patches(api)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Cardio' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete the list Cardio?' })).getByRole('button', { name: 'Delete list' }));
    await waitFor(() => expect(patches(api)).toEqual([{ version: 1, homeLists: [renal] }]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cardio' })).toBeNull());
  });

  it('opens an item with a link in a new tab, and any other item on its resource page; removes an item', async () => {
    const api = homeApi({ homeLists: [cardio] });
    const { user } = await renderHome();
    const withLink = within(list('Cardio')).getByRole('link', { name: 'Heart failure guideline' });
    expect(withLink.getAttribute('href')).toBe('https://www.example.org/hf');
    expect(withLink.getAttribute('target')).toBe('_blank');
    const withoutLink = within(list('Cardio')).getByRole('link', { name: 'Chest pain case' });
    expect(withoutLink.getAttribute('href')).toBe('/resources/r2');
    expect(withoutLink.getAttribute('target')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove Chest pain case from Cardio' }));
    await waitFor(() => expect(patches(api)).toEqual([{ version: 1, homeLists: [{ name: 'Cardio', items: [cardio.items[0]] }] }]));
  });

  it('adds a search result to a list, once', async () => {
    const api = homeApi({ homeLists: [cardio, renal] }, () => ({ found: 1, hits: [hit({ id: 'r7', name: 'AKI staging', type: 'clinical', link: 'https://kdigo.org/aki' })] }));
    const { user } = await renderHome();
    await user.click(await screen.findByRole('button', { name: 'Add AKI staging to a list' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Renal' }));
    await waitFor(() =>
      expect(patches(api)).toEqual([{ version: 1, homeLists: [cardio, { name: 'Renal', items: [{ id: 'r7', name: 'AKI staging', type: 'clinical', link: 'https://kdigo.org/aki' }] }] }]),
    );
    expect(await within(list('Renal')).findByRole('link', { name: 'AKI staging' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add AKI staging to a list' }));
    // jsdom runs no CSS transitions, so Mantine leaves a reopened dropdown at display: none: query it as hidden.
    const added = await screen.findByRole('menuitem', { name: 'Renal Added', hidden: true });
    expect(added.hasAttribute('disabled')).toBe(true);
    expect((screen.getByRole('menuitem', { name: 'Cardio', hidden: true }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("on a conflict, applies the change to the lists saved by the user's other device", async () => {
    const api = homeApi({ homeLists: [cardio] });
    const { user } = await renderHome();
    // Another device added a list meanwhile (version 2).
    api.state.me = { ...api.state.me, homeLists: [cardio, renal], version: 2 };
    await user.type(screen.getByRole('textbox', { name: 'New list' }), 'Sepsis');
    await user.click(screen.getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(patches(api)).toHaveLength(2));
    expect(patches(api)[1]).toEqual({ version: 2, homeLists: [cardio, renal, { name: 'Sepsis', items: [] }] });
    expect(await screen.findByRole('region', { name: 'Renal' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sepsis' })).toBeTruthy();
  });

  it('shows the change at once, and takes it back with a message when the save fails', async () => {
    const api = homeApi({ homeLists: [cardio] });
    api.on('PATCH', '/me', apiError(400, 'validation_failed', 'The list name is too long.'));
    const { user } = await renderHome();
    await user.click(screen.getByRole('button', { name: 'Delete Cardio' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete the list Cardio?' })).getByRole('button', { name: 'Delete list' }));
    expect(await screen.findByText('Your home lists were not saved')).toBeTruthy();
    expect(screen.getByText('The list name is too long.')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Cardio' })).toBeTruthy();
  });
});
