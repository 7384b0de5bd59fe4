import type { AuditEntryView } from '@chartside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession, fetchMFAPreference } from 'aws-amplify/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { signedInSession, storeSessionId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
  fetchMFAPreference: vi.fn(),
}));

let api: ReturnType<typeof fakeApi>;

const entry = (overrides: Partial<AuditEntryView>): AuditEntryView => ({
  id: crypto.randomUUID(),
  at: '2026-03-02T14:05:00.000Z',
  userId: 'user-1',
  patientIds: ['patient-1'],
  patientName: 'Okafor, Adaeze',
  action: 'read',
  sessionId: '5f3c9a1e-0b7d-4c2e-9f41-2a6b8d0e7c13',
  clientIp: '203.0.113.7',
  ...overrides,
});

const CURSOR = '2026-03-02T14:00:00.000Z#0b7d5f3c-9a1e-4c2e-9f41-2a6b8d0e7c13';
const firstPage = [entry({ action: 'change' }), entry({ action: 'delete', patientIds: ['patient-gone'], patientName: null, clientIp: '' })];
const secondPage = [entry({ action: 'export', at: '2026-03-01T09:00:00.000Z' }), entry({ action: 'list', at: '2026-03-01T08:00:00.000Z', patientIds: ['p-1', 'p-2', 'p-3'], patientName: null })];

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue(signedInSession());
  vi.mocked(fetchMFAPreference).mockResolvedValue({});
  api = fakeApi().install();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  storeSessionId();
});

const activityTable = () => screen.findByRole('table', { name: 'Activity' });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('Settings → Activity', () => {
  it("lists the user's trail newest first: what, which patient, session and address, and pages on with the cursor", async () => {
    api.on('GET', '/audit', (request) =>
      request.query.get('cursor') === CURSOR ? { entries: secondPage, nextCursor: null } : { entries: firstPage, nextCursor: CURSOR },
    );
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 2, name: 'Activity' })).toBeTruthy();
    const table = await activityTable();
    expect(rowsOf(table).map((cells) => cells.slice(1))).toEqual([
      ['Changed', 'Okafor, Adaeze', '5f3c9a1e', '203.0.113.7'],
      ['Deleted', 'Deleted patient (patient-gone)', '5f3c9a1e', 'Unknown'],
    ]);
    expect(within(table).getAllByRole('row')[1]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-02T14:05:00.000Z');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowsOf(table)).toHaveLength(4));
    expect(rowsOf(table)[2]?.slice(1, 3)).toEqual(['Exported', 'Okafor, Adaeze']);
    // One view of the panel is one entry, counting its patients.
    expect(rowsOf(table)[3]?.slice(1, 3)).toEqual(['Listed in the panel', '3 patients']);
    expect(api.calls('GET', '/audit').map((r) => r.query.get('cursor'))).toEqual([null, CURSOR]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there is no activity yet', async () => {
    renderApp('/settings');
    expect(await screen.findByText('No activity yet.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Activity' })).toBeNull();
  });

  it('says when the trail could not be loaded, with a retry', async () => {
    api.on('GET', '/audit', () => apiError(400, 'validation_failed', 'cursor must be the nextCursor of the previous page'));
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Activity' });
    expect(await within(section).findByText('Could not load your activity')).toBeTruthy();
    expect(within(section).getByText('cursor must be the nextCursor of the previous page')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
