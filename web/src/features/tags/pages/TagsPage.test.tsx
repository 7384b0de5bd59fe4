import type { TagSummary } from '@chartside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { signedInSession, storeSessionId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const summary: TagSummary = {
  resource: [
    { tag: 'Cardiology', count: 3 },
    { tag: 'Cardio', count: 1 },
    { tag: 'Unused', count: 0 },
  ],
  patient: [{ tag: 'Diabetes', count: 2 }],
};

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue(signedInSession());
  api = fakeApi({ tags: summary }).install();
  api.on('POST', '/tags/rename', (request) => {
    const { kind, from, to } = request.body as { kind: 'resource'; from: string; to: string };
    const moved = api.state.tags[kind].find((t) => t.tag === from)?.count ?? 0;
    const rest = api.state.tags[kind].filter((t) => t.tag !== from);
    const target = rest.find((t) => t.tag === to);
    api.state.tags = { ...api.state.tags, [kind]: target ? rest.map((t) => (t === target ? { tag: to, count: t.count + moved } : t)) : [...rest, { tag: to, count: moved }] };
    return { itemsChanged: moved, summary: api.state.tags };
  });
  api.on('POST', '/tags/delete', (request) => {
    const { kind, tag } = request.body as { kind: 'resource' | 'patient'; tag: string };
    const removed = api.state.tags[kind].find((t) => t.tag === tag)?.count ?? 0;
    api.state.tags = { ...api.state.tags, [kind]: api.state.tags[kind].filter((t) => t.tag !== tag) };
    return { itemsChanged: removed, summary: api.state.tags };
  });
  vi.stubGlobal('WebSocket', FakeWebSocket);
  storeSessionId();
});

afterEach(() => {
  FakeWebSocket.instances = [];
});

const renderTags = async () => {
  const app = renderApp('/tags');
  await screen.findByRole('region', { name: 'Resource tags (3)' });
  return { ...app, user: userEvent.setup() };
};

const section = (name: RegExp) => screen.getByRole('region', { name });
/** The tag's row, shown or being renamed. */
const row = (tag: string) => {
  const item = screen
    .getAllByRole('listitem')
    .find((li) => li.querySelector('p')?.textContent === tag || within(li).queryByRole('textbox', { name: `New name for ${tag}` }));
  if (!item) throw new Error(`No row for ${tag}`);
  return item;
};

describe('TagsPage', () => {
  it('lists resource and patient tags, sorted, with how many items carry each', async () => {
    await renderTags();
    const resources = section(/^Resource tags/);
    expect(within(resources).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Cardio1 resource/),
      expect.stringMatching(/^Cardiology3 resources/),
      expect.stringMatching(/^Unused0 resources/),
    ]);
    expect(within(section(/^Patient tags/)).getByText('2 patients')).toBeTruthy();
    expect(within(resources).getByRole('button', { name: 'Rename Cardio' })).toBeTruthy();
    expect(within(resources).getByRole('button', { name: 'Delete Cardio' })).toBeTruthy();
  });

  it('renames a tag inline, previewing the name as it will be saved', async () => {
    const { user } = await renderTags();
    await user.click(screen.getByRole('button', { name: 'Rename Unused' }));
    const input = screen.getByRole('textbox', { name: 'New name for Unused' });
    await user.clear(input);
    await user.type(input, '  heart   failure ');
    expect(screen.getByText('Saved as "Heart Failure".')).toBeTruthy();
    await user.click(within(row('Unused')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('"Unused" is now "Heart Failure" on 0 resources.')).toBeTruthy();
    expect(api.calls('POST', '/tags/rename')[0]?.body).toEqual({ kind: 'resource', from: 'Unused', to: 'Heart Failure' });
    expect(within(section(/^Resource tags/)).getByText('Heart Failure')).toBeTruthy();
  });

  it('will not save an empty name or the current one', async () => {
    const { user } = await renderTags();
    await user.click(screen.getByRole('button', { name: 'Rename Cardio' }));
    const input = screen.getByRole('textbox', { name: 'New name for Cardio' });
    const save = within(row('Cardio')).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    expect(screen.getByText('That is its current name.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '   ');
    expect(save).toHaveProperty('disabled', true);
    expect(screen.getByText('Enter a name.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'New name for Cardio' })).toBeNull();
  });

  it('merges into an existing tag only after a confirmation that says so', async () => {
    const { user } = await renderTags();
    await user.click(screen.getByRole('button', { name: 'Rename Cardio' }));
    const input = screen.getByRole('textbox', { name: 'New name for Cardio' });
    await user.clear(input);
    await user.type(input, 'cardiology');
    expect(screen.getByText('"Cardiology" already exists: saving merges the two tags.')).toBeTruthy();
    await user.click(within(row('Cardio')).getByRole('button', { name: 'Merge' }));

    const dialog = await screen.findByRole('dialog', { name: 'Merge these tags?' });
    expect(dialog.textContent).toContain('“Cardiology” already exists. Renaming “Cardio” merges the two tags: “Cardio” is replaced by “Cardiology” on 1 resource, and “Cardio” is gone.');
    expect(api.calls('POST', '/tags/rename')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Merge tags' }));
    expect(await screen.findByText('Tags merged')).toBeTruthy();
    expect(api.calls('POST', '/tags/rename')[0]?.body).toEqual({ kind: 'resource', from: 'Cardio', to: 'Cardiology' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Resource tags (2)' })).toBeTruthy());
    expect(within(row('Cardiology')).getByText('4 resources')).toBeTruthy();
  });

  it('deletes a tag after a confirmation naming how many items lose it', async () => {
    const { user } = await renderTags();
    await user.click(screen.getByRole('button', { name: 'Delete Diabetes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this tag?' });
    expect(dialog.textContent).toContain('“Diabetes” is removed from 2 patients and from your tag list.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete tag' }));
    expect(await screen.findByText('"Diabetes" was removed from 2 patients.')).toBeTruthy();
    expect(api.calls('POST', '/tags/delete')[0]?.body).toEqual({ kind: 'patient', tag: 'Diabetes' });
    expect(await screen.findByText('No patient tags yet. Tags you add to patients appear here.')).toBeTruthy();
  });

  it('says so when a change fails, and keeps the tag', async () => {
    api.on('POST', '/tags/delete', apiError(503, 'unavailable', 'The server is restarting.'));
    const { user } = await renderTags();
    await user.click(screen.getByRole('button', { name: 'Delete Cardio' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this tag?' })).getByRole('button', { name: 'Delete tag' }));
    expect(await screen.findByText('The server is restarting.')).toBeTruthy();
    expect(row('Cardio')).toBeTruthy();
  });
});
