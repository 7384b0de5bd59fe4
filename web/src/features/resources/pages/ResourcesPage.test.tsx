import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { storeSessionId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import { resourceFixture, serveResources } from '../resource-fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

beforeEach(() => {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: vi.fn() });
  const api = installSignedInBrowser();
  serveResources(api, [
    resourceFixture({ id: 'a', name: 'Sepsis bundle', type: 'guide', tags: ['Icu'], createdAt: '2025-01-01T00:00:00.000Z' }),
    resourceFixture({ id: 'b', name: 'Rivers 2001', type: 'article', tags: ['Icu', 'Sepsis'], createdAt: '2025-01-03T00:00:00.000Z' }),
    resourceFixture({ id: 'c', name: 'Anticoagulation', type: 'clinical', createdAt: '2025-01-02T00:00:00.000Z' }),
  ]);
  storeSessionId();
});
afterEach(() => {
  FakeWebSocket.instances = [];
});

const names = () => within(screen.getByRole('list', { name: 'Resources' })).getAllByRole('link').map((a) => a.textContent);

describe('ResourcesPage', () => {
  it('lists every resource newest first, each with its type icon and a link to its page', async () => {
    renderApp('/resources');
    await screen.findByRole('link', { name: 'Rivers 2001' });
    expect(document.title).toBe('Resources');
    expect(names()).toEqual(['Rivers 2001', 'Anticoagulation', 'Sepsis bundle']);
    expect(screen.getByRole('link', { name: 'Rivers 2001' }).getAttribute('href')).toBe('/resources/b');
    expect(screen.getByRole('img', { name: 'Article' })).toBeTruthy();
  });

  it('restores type, tag and sort from the URL', async () => {
    renderApp('/resources?tag=Icu&sort=name');
    await screen.findByRole('link', { name: 'Rivers 2001' });
    expect(names()).toEqual(['Rivers 2001', 'Sepsis bundle']);
    expect(screen.getByText('2 of 3 resources')).toBeTruthy();
  });

  it('puts a filter into the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/resources');
    await screen.findByRole('link', { name: 'Rivers 2001' });
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Clinical', hidden: true }));
    await waitFor(() => expect(names()).toEqual(['Anticoagulation']));
    expect(router.state.location.search).toBe('?type=clinical');
  });

  it('opens Create New Resource from New Resource', async () => {
    const user = userEvent.setup();
    renderApp('/resources');
    await user.click(await screen.findByRole('button', { name: 'New Resource' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Resource' })).toBeTruthy();
  });
});
