import 'fake-indexeddb/auto';
import type { Resource, ResourceFile } from '@chartside/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDrafts, draftKey, readDraft } from '../../../platform/autosave/draft-store';
import { apiError, type FakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { storeSessionId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import { resourceFixture, serveResources, type ResourceStore } from '../resource-fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let api: FakeApi;
let store: ResourceStore;

beforeEach(() => {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: vi.fn() });
  api = installSignedInBrowser();
  store = serveResources(api, [
    resourceFixture({ tags: ['Icu', 'Sepsis'] }),
    resourceFixture({ id: 'r-2', name: 'Rivers 2001', type: 'article', article: { doi: '10.1056/NEJMoa010307', title: 'EGDT', journal_name: '', published_date: '2001-11-08', crossref: true, authors: [], oa_locations: [] } }),
  ]);
  storeSessionId();
});
afterEach(async () => {
  FakeWebSocket.instances = [];
  await clearDrafts();
});

const open = async (id = 'r-1', query = '') => {
  const app = renderApp(`/resources/${id}${query}`);
  await screen.findByRole('heading', { level: 1, name: store.resources.get(id)?.name ?? 'none' }, { timeout: 5000 });
  return { ...app, user: userEvent.setup() };
};

const patches = () => api.calls('PATCH', '/resources/r-1').map((r) => r.body);

const startEditing = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  return screen.getByRole('textbox', { name: 'Name' });
};

describe('ResourcePage: view mode', () => {
  it('shows the type icon, name, tag chips and the defaults for an empty description and link', async () => {
    await open();
    expect(document.title).toBe('Resource');
    expect(screen.getByRole('img', { name: 'Guide' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Icu', 'Sepsis']);
    expect(screen.getByText('No description available.')).toBeTruthy();
    expect(screen.getByText('No link provided')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Files (0)', expanded: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Highlights (0)' })).toBeTruthy();
    expect(screen.getByText(/No highlights yet/)).toBeTruthy();
  });

  it('shows an article’s Published date, its DOI as a resolver link and N/A for a missing journal', async () => {
    await open('r-2');
    const details = screen.getByLabelText('Article details');
    expect(within(details).getByText('2001-11-08')).toBeTruthy();
    expect(within(details).getByRole('link', { name: '10.1056/NEJMoa010307' }).getAttribute('href')).toBe('https://doi.org/10.1056/NEJMoa010307');
    expect(within(details).getByText('N/A')).toBeTruthy();
  });

  it('opens in edit mode from a search result’s edit pencil (?edit=1)', async () => {
    await open('r-1', '?edit=1');
    expect(screen.getByRole('button', { name: 'Edit', pressed: true })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy();
  });

  it('sends a missing or foreign id to the list, with a notice', async () => {
    const { router } = renderApp('/resources/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Resources' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/resources');
    expect(screen.getByText('That resource does not exist, or it was deleted.')).toBeTruthy();
  });
});

describe('ResourcePage: delete', () => {
  it('deletes the resource after confirmation and goes back to the list', async () => {
    const { user, router } = await open();
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Delete Resource' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this resource?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Resource' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resources'));
    expect(api.calls('DELETE', '/resources/r-1')).toHaveLength(1);
    expect(store.resources.has('r-1')).toBe(false);
    expect(await screen.findByRole('link', { name: 'Rivers 2001' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sepsis bundle' })).toBeNull();
  });
});

describe('ResourcePage: autosave', () => {
  it('saves edits after a pause, sending only the changed fields with the version', async () => {
    const { user } = await open();
    const name = await startEditing(user);
    await user.clear(name);
    await user.type(name, 'Sepsis bundle 2025');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Hour-1 bundle');
    await waitFor(() => expect(screen.getByText('Saved')).toBeTruthy(), { timeout: 3000 });
    // Typing is batched by the 500 ms pause: far fewer saves than keystrokes, each based on the last one's version.
    const sent = patches();
    expect(sent.length).toBeLessThan(5);
    expect(sent[0]).toMatchObject({ version: 3 });
    for (const body of sent) expect(Object.keys(body as object).sort()).toEqual(expect.arrayContaining(['version']));
    expect(sent.flatMap((body) => Object.keys(body as object))).not.toContain('tags');
    expect(store.resources.get('r-1')).toMatchObject({ name: 'Sepsis bundle 2025', description: 'Hour-1 bundle', version: 3 + sent.length });
  });

  it('saves the favorite toggle at once', async () => {
    const { user } = await open();
    const favorite = screen.getByRole('button', { name: 'Favorite' });
    expect(favorite.getAttribute('aria-pressed')).toBe('false');
    await user.click(favorite);
    expect(favorite.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(patches()).toEqual([{ version: 3, favorite: true }]));
  });

  it('does not save a blank name, and says a name is required', async () => {
    const { user } = await open();
    const name = await startEditing(user);
    await user.clear(name);
    expect(await screen.findByText('A name is required.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByText('Saved')).toBeTruthy());
    expect(patches()).toEqual([]);
  });

  it('merges an edit made on another device to a different field, and saves mine on top', async () => {
    const { user } = await open();
    store.saveElsewhere('r-1', { link: 'https://elsewhere.example.org' });
    await user.click(screen.getByRole('button', { name: 'Favorite' }));
    await waitFor(() => expect(patches()).toEqual([{ version: 3, favorite: true }, { version: 4, favorite: true }]));
    expect(store.resources.get('r-1')).toMatchObject({ favorite: true, link: 'https://elsewhere.example.org', version: 5 });
    expect(await screen.findByRole('link', { name: 'https://elsewhere.example.org' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['Keep mine', 'My name', { version: 4, name: 'My name' }],
    ['Use theirs', 'Their name', undefined],
  ])('asks when both changed the same field; "%s" keeps %s', async (choice, kept, lastPatch) => {
    const { user } = await open();
    store.saveElsewhere('r-1', { name: 'Their name' });
    const name = await startEditing(user);
    await user.clear(name);
    // One change event: on a busy machine, typing key by key could let the autosave fire mid-word.
    await user.click(name);
    await user.paste('My name');
    const dialog = await screen.findByRole('dialog', { name: 'This resource changed on another device' }, { timeout: 3000 });
    expect(within(dialog).getByText('My name')).toBeTruthy();
    expect(within(dialog).getByText('Their name')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: choice }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(store.resources.get('r-1')?.name).toBe(kept));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(kept);
    if (lastPatch) expect(patches().at(-1)).toEqual(lastPatch);
    else expect(patches().every((body) => (body as { version: number }).version === 3)).toBe(true);
  });

  it('saves a pending edit at once when the user leaves the page', async () => {
    const { user, router } = await open();
    const name = await startEditing(user);
    await user.click(name);
    await user.paste(' (draft)');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resources'));
    await waitFor(() => expect(patches()).toEqual([{ version: 3, name: 'Sepsis bundle (draft)' }]));
  });

    it('refetches the open resource when another device saves it (realtime push)', async () => {
    await open();
    store.saveElsewhere('r-1', { description: 'Updated on the phone' });
    act(() => FakeWebSocket.latest().serverOpens());
    act(() => FakeWebSocket.latest().serverSends({ type: 'resource.updated', resourceId: 'r-1', version: 4 }));
    expect(await screen.findByText('Updated on the phone')).toBeTruthy();
  });

  it('shows a failed save with its message, keeps the edit and retries', async () => {
    const { user } = await open();
    api.on('PATCH', '/resources/r-1', () => apiError(503, 'unavailable', 'The service is busy.'));
    await user.click(screen.getByRole('button', { name: 'Favorite' }));
    expect(await screen.findByText('Not saved: The service is busy.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed')).toBe('true');
    serveResources(api, [...store.resources.values()]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});

describe('ResourcePage: leaving with unsaved work', () => {
  const failSaves = () => api.on('PATCH', '/resources/r-1', () => apiError(503, 'unavailable', 'The service is busy.'));
  const closingTab = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event;
  };

  it('asks before leaving when a save failed, says what is unsaved; Stay keeps the page, Leave anyway leaves', async () => {
    const { user, router } = await open();
    failSaves();
    await user.click(screen.getByRole('button', { name: 'Favorite' }));
    expect(await screen.findByText('Not saved: The service is busy.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(within(dialog).getByText('Your changes to Favorite are not saved. The service is busy. If you leave now, they may be lost.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/resources/r-1');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resources'));
  });

  it('leaves at once, asking nothing, when the edit made offline is kept on this device (the draft not written yet is written first)', async () => {
    const { user, router } = await open();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const name = await startEditing(user);
      await user.click(name);
      await user.paste(' (offline)');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/resources'));
      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
      expect((await readDraft<Resource, Partial<Resource>>(draftKey('user-1', 'resource', 'r-1')))?.changes).toEqual({ name: 'Sepsis bundle (offline)' });
      // Offline, no save of it was tried (an earlier test's last save may still arrive here).
      expect(patches().filter((body) => 'name' in (body as object))).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
  });

  it('asks the browser to warn on closing the tab while an edit is unsaved, and not once it is saved', async () => {
    const { user } = await open();
    expect(closingTab().defaultPrevented).toBe(false);
    failSaves();
    await user.click(screen.getByRole('button', { name: 'Favorite' }));
    expect(await screen.findByText('Not saved: The service is busy.')).toBeTruthy();
    expect(closingTab().defaultPrevented).toBe(true);
    serveResources(api, [...store.resources.values()]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(closingTab().defaultPrevented).toBe(false);
  });

  it('sends a pending edit with keepalive when the page is hidden, so closing the tab does not cancel it', async () => {
    const { user } = await open();
    const name = await startEditing(user);
    await user.click(name);
    await user.paste(' (closing)');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(() => expect(patches()).toEqual([{ version: 3, name: 'Sepsis bundle (closing)' }]));
    const [, init] = api.fetch.mock.calls.find(([, request]) => request?.method === 'PATCH') ?? [];
    expect(init?.keepalive).toBe(true);
  });
});

/** XMLHttpRequest as the storage sees it: records the PUT, reports progress, then answers `status`. */
class FakeStorageRequest {
  static puts: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  static status = 200;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    FakeStorageRequest.puts.push({ url: this.url, headers: this.headers, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      this.status = FakeStorageRequest.status;
      this.onload?.();
    }, 10);
  }
}

const pdfEntry = (name: string): ResourceFile => ({ name, fileId: 'f-1.pdf', filePath: 'userContent/user-1/f-1.pdf', extension: 'pdf', mimeType: 'application/pdf', isTemp: false });

describe('ResourcePage: files', () => {
  beforeEach(() => {
    FakeStorageRequest.puts = [];
    FakeStorageRequest.status = 200;
    vi.stubGlobal('XMLHttpRequest', FakeStorageRequest);
    api
      .on('POST', '/files/uploads', (request) => ({
        file: pdfEntry((request.body as { fileName: string }).fileName),
        uploadUrl: 'http://storage.test/bucket/f-1.pdf?sig=1',
        headers: { 'content-type': 'application/pdf' },
        expiresAt: '2030-01-01T00:00:00.000Z',
      }))
      .on('POST', '/files/delete', { deleted: true });
  });

  it('uploads by presigned PUT, then saves the file into the resource at once', async () => {
    const { user } = await open();
    await startEditing(user);
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('No file input');
    await user.upload(input, new File(['%PDF-1.4'], 'guideline.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(api.calls('POST', '/files/uploads')[0]?.body).toEqual({ fileName: 'guideline.pdf', size: 8, contentType: 'application/pdf' });
    expect(FakeStorageRequest.puts).toMatchObject([{ url: 'http://storage.test/bucket/f-1.pdf?sig=1', headers: { 'content-type': 'application/pdf' } }]);
    expect(patches()[0]).toEqual({ version: 3, files: [{ ...pdfEntry('guideline.pdf'), size: 8 }] });
    expect(await screen.findByRole('button', { name: 'Files (1)' })).toBeTruthy();
  });

  it('refuses a file over the limit with the server’s message, before any request', async () => {
    const { user } = await open();
    await startEditing(user);
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 101 * 1024 * 1024 });
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('No file input');
    await user.upload(input, big);
    expect(await screen.findByText('scan.pdf was not uploaded. Files can be at most 100 MB.')).toBeTruthy();
    expect(api.calls('POST', '/files/uploads')).toHaveLength(0);
  });

  it('tells the user when the PUT fails, and deletes the orphan', async () => {
    FakeStorageRequest.status = 403;
    const { user } = await open();
    await startEditing(user);
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('No file input');
    await user.upload(input, new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(/a\.pdf was not uploaded\. The file storage refused the upload \(403\)\./)).toBeTruthy();
    await waitFor(() => expect(api.calls('POST', '/files/delete')[0]?.body).toEqual({ filePath: 'userContent/user-1/f-1.pdf' }));
    expect(patches()).toEqual([]);
  });

  it('deletes a file after confirmation with an immediate save without it', async () => {
    store.resources.set('r-1', resourceFixture({ files: [pdfEntry('old.pdf')] }));
    const { user } = await open();
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Delete old.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this file?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(patches()).toEqual([{ version: 3, files: [] }]));
    expect(await screen.findByRole('button', { name: 'Files (0)' })).toBeTruthy();
  });

  it('renames a file inline', async () => {
    store.resources.set('r-1', resourceFixture({ files: [pdfEntry('old.pdf')] }));
    const { user } = await open();
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Rename old.pdf' }));
    const input = screen.getByRole('textbox', { name: 'New name for old.pdf' });
    await user.clear(input);
    await user.type(input, 'Surviving Sepsis.pdf{Enter}');
    await waitFor(() => expect(patches()).toEqual([{ version: 3, files: [pdfEntry('Surviving Sepsis.pdf')] }]), { timeout: 3000 });
  });

  it('opens a file in a new tab through a short-lived download URL', async () => {
    store.resources.set('r-1', resourceFixture({ files: [pdfEntry('old.pdf')] }));
    api.on('POST', '/files/download-url', { url: 'http://storage.test/bucket/f-1.pdf?get=1', expiresAt: '2030-01-01T00:00:00.000Z' });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Open old.pdf in new tab' }));
    await waitFor(() => expect(tab.location.href).toBe('http://storage.test/bucket/f-1.pdf?get=1'));
    expect(tab.opener).toBeNull();
    expect(api.calls('POST', '/files/download-url')[0]?.body).toEqual({ filePath: 'userContent/user-1/f-1.pdf' });
  });

  it('removes a highlight at once', async () => {
    const highlight = { id: 'h-1', pdfId: 'f-1.pdf', rawText: 'MAP ≥ 65', text: 'MAP ≥ 65', pageNumber: 4, range: {}, createdAt: '2025-02-02T10:00:00.000Z' };
    store.resources.set('r-1', resourceFixture({ pdfHighlights: { 'f-1.pdf': [highlight] } }) satisfies Resource);
    const { user } = await open();
    expect(screen.getByRole('button', { name: 'Highlights (1)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove highlight from page 4' }));
    await waitFor(() => expect(patches()).toEqual([{ version: 3, pdfHighlights: { 'f-1.pdf': [] } }]));
  });
});

describe('ResourcePage: Auto-fill', () => {
  const articleUrl = 'https://journals.example.org/egdt';

  beforeEach(() => {
    store.resources.set('r-1', resourceFixture({ type: 'article', link: articleUrl }));
  });

  it('fills the article fields from the article page and saves them', async () => {
    api.on('POST', '/articles/lookup', {
      title: 'Early goal-directed therapy',
      published_date: '2001-11-08',
      doi: '10.1056/NEJMoa010307',
      journal_name: 'N Engl J Med',
      oa_locations: [{ url_for_pdf: 'https://example.org/egdt.pdf' }],
    });
    const { user } = await open();
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Auto-fill' }));
    expect(await screen.findByRole('link', { name: '10.1056/NEJMoa010307' })).toBeTruthy();
    expect(api.calls('POST', '/articles/lookup')[0]?.body).toEqual({ articleUrl });
    await waitFor(() => expect(patches().at(-1)).toMatchObject({ version: 3, article: { doi: '10.1056/NEJMoa010307', journal_name: 'N Engl J Med', published_date: '2001-11-08', oa_locations: [{ url_for_pdf: 'https://example.org/egdt.pdf' }] } }), { timeout: 3000 });
  });

  it("shows the server's message when the lookup fails", async () => {
    api.on('POST', '/articles/lookup', () => apiError(404, 'not_found', 'That page names no article.'));
    const { user } = await open();
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Auto-fill' }));
    expect(await screen.findByText('That page names no article.')).toBeTruthy();
  });

  it('is offered only for an article with a link', async () => {
    store.resources.set('r-1', resourceFixture({ type: 'guide', link: articleUrl }));
    const { user } = await open();
    await startEditing(user);
    expect(screen.queryByRole('button', { name: 'Auto-fill' })).toBeNull();
  });
});
