import type { CleanableObject, FileCleanerScan } from '@chartside/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../../../test/fake-api';
import { storeSessionId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let api: FakeApi;

const orphan = (key: string): CleanableObject => ({ key, userId: 'u-1', size: 2048, storedAt: '2030-01-01T00:00:00.000Z', reason: 'unreferenced' });

/** Two pages of the dry run: the first names the second's cursor. */
const pages: Record<string, FileCleanerScan> = {
  first: { objects: [orphan('userContent/u-1/a.pdf')], scannedObjects: 1000, heldBackObjects: 0, nextCursor: 'page-2' },
  'page-2': { objects: [orphan('userContent/u-1/b.pdf')], scannedObjects: 40, heldBackObjects: 3, nextCursor: null },
};

beforeEach(() => {
  api = installSignedInBrowser();
  api.on('GET', '/admin/file-cleaner', (request) => pages[request.query.get('cursor') ?? 'first']);
  storeSessionId();
});

describe('FileCleanerPage', () => {
  it('shows the first page of the dry run, and the next one under it after Load more', async () => {
    renderApp('/admin/file-cleaner');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Files that can be deleted' }, { timeout: 5000 });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.getByText(/Looked at 1000 stored files; 1 can be deleted\. More stored files remain to look at\./)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await within(list).findByText('userContent/u-1/b.pdf');
    expect(within(list).getByText('userContent/u-1/a.pdf')).toBeTruthy();
    expect(screen.getByText(/^Looked at 1040 stored files; 2 can be deleted\. 3 files were left alone: their owners have an encrypted record that cannot be decrypted/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.calls('GET', '/admin/file-cleaner').map((request) => request.query.get('cursor'))).toEqual([null, 'page-2']);
  });
});
