import type { CreateResourceBody, ResolvedDoi, Resource } from '@chartside/shared';
import { defaultResourceFields } from '@chartside/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { renderApp } from '../../../test/render-app';
import { homeApi } from '../home-test-api';
import { INVALID_DOI } from './CreateByDoi';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

afterEach(() => {
  FakeWebSocket.instances = [];
});

const crossref: ResolvedDoi = {
  doi: '10.1056/NEJMoa2034577',
  title: 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine',
  journal_name: 'New England Journal of Medicine',
  published_date: '2020-12-31',
  authors: ['Fernando P. Polack', 'Stephen J. Thomas'],
};

const created = (body: CreateResourceBody): Resource => ({
  ...defaultResourceFields(),
  ...body,
  description: body.description ?? '',
  link: body.link ?? '',
  tags: body.tags ?? [],
  article: body.article ?? null,
  id: 'res-42',
  clicks: 0,
  version: 1,
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-01T00:00:00.000Z',
});

const renderHome = async () => {
  const app = renderApp('/');
  await screen.findByRole('textbox', { name: 'DOI' });
  return { ...app, user: userEvent.setup() };
};

const createWith = async (user: ReturnType<typeof userEvent.setup>, doi: string) => {
  await user.type(screen.getByRole('textbox', { name: 'DOI' }), doi);
  await user.click(screen.getByRole('button', { name: 'Create' }));
};

describe('CreateByDoi', () => {
  it.each(['10.1056/NEJMoa2034577', 'doi:10.1056/NEJMoa2034577', 'https://doi.org/10.1056/NEJMoa2034577'])(
    'resolves %s through Crossref, creates the article and opens it',
    async (input) => {
      const api = homeApi();
      api.on('POST', '/articles/resolve-doi', crossref);
      api.on('POST', '/resources', (request) => created(request.body as CreateResourceBody));
      const { user, router } = await renderHome();
      await createWith(user, input);
      await waitFor(() => expect(router.state.location.pathname).toBe('/resources/res-42'));
      expect(api.calls('POST', '/articles/resolve-doi').map((r) => r.body)).toEqual([{ doi: '10.1056/NEJMoa2034577' }]);
      expect(api.calls('POST', '/resources').map((r) => r.body)).toEqual([
        {
          type: 'article',
          name: 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine',
          link: 'https://doi.org/10.1056/NEJMoa2034577',
          article: { ...crossref, crossref: true, oa_locations: [] },
        },
      ]);
    },
  );

  it('says what a DOI looks like, without asking the server', async () => {
    const api = homeApi();
    const { user } = await renderHome();
    await createWith(user, 'nejm covid vaccine');
    expect(await screen.findByText(INVALID_DOI)).toBeTruthy();
    expect(api.calls('POST', '/articles/resolve-doi')).toEqual([]);
    // Typing again clears the message.
    await user.type(screen.getByRole('textbox', { name: 'DOI' }), 'x');
    expect(screen.queryByText(INVALID_DOI)).toBeNull();
  });

  it.each([
    [404, 'not_found', 'Crossref has no record of the DOI 10.9999/none.'],
    [429, 'rate_limited', 'Crossref is busy. Try again in a minute.'],
    [503, 'unavailable', 'Crossref could not be reached.'],
  ])("shows the server's message for a %i %s, and creates nothing", async (status, code, message) => {
    const api = homeApi();
    api.on('POST', '/articles/resolve-doi', apiError(status, code, message));
    const { user, router } = await renderHome();
    await createWith(user, '10.9999/none');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(api.calls('POST', '/resources')).toEqual([]);
    expect(router.state.location.pathname).toBe('/');
  });
});
