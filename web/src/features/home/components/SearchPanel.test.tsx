import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { renderApp } from '../../../test/render-app';
import { hit, homeApi, searches, type HomeApi } from '../home-test-api';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

afterEach(() => {
  FakeWebSocket.instances = [];
});

const renderHome = async (path = '/') => {
  const app = renderApp(path);
  await screen.findByRole('searchbox', { name: 'Search' });
  return { ...app, user: userEvent.setup() };
};

const results = () => screen.getByRole('list', { name: 'Search results' });
const lastSearch = (api: HomeApi) => searches(api).at(-1);

describe('SearchPanel: results', () => {
  it('lists everything newest first on arrival, each result with its icon, name, snippets and actions', async () => {
    const api = homeApi({}, () => ({
      found: 2,
      hits: [
        hit({
          id: 'r1',
          name: 'Heart failure guideline',
          type: 'guide',
          link: 'https://www.example.org/hf',
          favorite: true,
          snippets: [
            { field: 'name', parts: [{ text: 'Heart', highlight: true }, { text: ' failure guideline', highlight: false }] },
            { field: 'description', parts: [{ text: 'Loop diuretics for ', highlight: false }, { text: '<b>heart</b>', highlight: true }] },
          ],
        }),
        hit({ id: 'r2', name: 'Sepsis bundle', type: 'clinical', description: 'Hour-1 bundle.' }),
      ],
    }));
    await renderHome();
    await screen.findByText('2 resources');
    expect(searches(api)).toEqual([{ query: '', flagged: false, tags: [], page: 1, perPage: 25 }]);

    const [first, second] = within(results()).getAllByRole('listitem', { name: '' }).filter((li) => li.parentElement === results());
    const firstResult = within(first!);
    expect(firstResult.getByRole('img', { name: 'Guide' })).toBeTruthy();
    expect(firstResult.getByRole('img', { name: 'Flagged' })).toBeTruthy();
    expect(firstResult.getByRole('link', { name: 'Heart failure guideline' }).getAttribute('href')).toBe('/resources/r1');
    // Highlights are <mark> elements built from the parts: markup in the text stays text.
    expect([...first!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Heart', '<b>heart</b>']);
    expect(first!.querySelector('b')).toBeNull();
    expect(firstResult.getByRole('link', { name: 'Edit Heart failure guideline' }).getAttribute('href')).toBe('/resources/r1?edit=1');
    const external = firstResult.getByRole('link', { name: 'Open the link of Heart failure guideline in a new tab' });
    expect(external.getAttribute('href')).toBe('https://www.example.org/hf');
    expect(external.getAttribute('target')).toBe('_blank');

    const secondResult = within(second!);
    expect(secondResult.getByText('Hour-1 bundle.')).toBeTruthy();
    expect(secondResult.queryByRole('link', { name: /Open the link/ })).toBeNull();
    expect(secondResult.queryByRole('img', { name: 'Flagged' })).toBeNull();
  });

  it("shows six tags of a result, then '+N more'", async () => {
    const tags = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'];
    homeApi({}, () => ({ found: 1, hits: [hit({ tags })] }));
    await renderHome();
    const list = await screen.findByRole('list', { name: 'Tags' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', '+2 more']);
  });

  it("says 'about' a total and tag counts estimated from a sample, and 'at least' a total whose count stopped", async () => {
    homeApi({}, (request) =>
      request.query === 'sepsis'
        ? { found: 52_000, foundIs: 'estimate', hits: [hit()], facets: [{ tag: 'Icu', count: 8_100 }], facetsAre: 'estimate' }
        : { found: 10_000, foundIs: 'atLeast', hits: [hit()], facets: [{ tag: 'Icu', count: 30_512 }], facetsAre: 'exact' },
    );
    await renderHome('/?q=sepsis');
    expect(await screen.findByText('about 52000 resources')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Icu (about 8100)' })).toBeTruthy();
    await renderHome('/?q=shock');
    expect(await screen.findByText('at least 10000 resources')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Icu (30512)' })).toBeTruthy();
  });

  it("says 'No Results' when nothing matches", async () => {
    homeApi();
    await renderHome();
    expect(await screen.findByText('No Results')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  });

  it('waits for the connection when offline, then searches', async () => {
    const api = homeApi({}, () => ({ found: 1, hits: [hit()] }));
    // The page loads offline: the query client starts from navigator.onLine.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await renderHome();
      expect(await screen.findByText('The search runs once you are back online.')).toBeTruthy();
      expect(searches(api)).toEqual([]);
    } finally {
      onLine.mockRestore();
      act(() => onlineManager.setOnline(true));
    }
    expect(await screen.findByText('1 resource')).toBeTruthy();
  });

  it('says so when the search fails, with a retry', async () => {
    const api = homeApi();
    api.on('POST', '/search', apiError(400, 'validation_failed', 'The search query is too long.'));
    await renderHome();
    expect(await screen.findByText('Could not load search results')).toBeTruthy();
    expect(screen.getByText('The search query is too long.')).toBeTruthy();
  });
});

describe('SearchPanel: the query and filters', () => {
  it('sends what is typed once typing pauses, not every keystroke, and puts it in the URL', async () => {
    const api = homeApi();
    const { user, router } = await renderHome();
    await waitFor(() => expect(searches(api)).toHaveLength(1));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'heart');
    await waitFor(() => expect(lastSearch(api)?.query).toBe('heart'));
    expect(searches(api).map((s) => s.query)).toEqual(['', 'heart']);
    expect(router.state.location.search).toBe('?q=heart');
  });

  it('filters by a tag facet, keeps a selected tag at count 0, and takes it off again', async () => {
    const api = homeApi({}, (request) =>
      request.tags.includes('Cardio')
        ? { found: 1, hits: [hit()], facets: [{ tag: 'Cardio', count: 1 }] }
        : { found: 2, hits: [hit(), hit({ id: 'r2', name: 'Sepsis bundle' })], facets: [{ tag: 'Cardio', count: 1 }, { tag: 'Renal', count: 1 }] },
    );
    const { user, router } = await renderHome();
    await user.click(await screen.findByRole('checkbox', { name: 'Renal (1)' }));
    await waitFor(() => expect(lastSearch(api)).toMatchObject({ tags: ['Renal'], page: 1 }));
    expect(router.state.location.search).toBe('?tag=Renal');
    await user.click(await screen.findByRole('checkbox', { name: 'Cardio (1)' }));
    await waitFor(() => expect(lastSearch(api)?.tags).toEqual(['Renal', 'Cardio']));
    // Renal is on no result of this answer, yet it stays to be unselected.
    const renal = await screen.findByRole('checkbox', { name: 'Renal (0)' });
    expect((renal as HTMLInputElement).checked).toBe(true);
    await user.click(renal);
    await waitFor(() => expect(lastSearch(api)?.tags).toEqual(['Cardio']));
    expect(router.state.location.search).toBe('?tag=Cardio');
  });

  it('filters to flagged resources, changes the page size and pages, each kept in the URL', async () => {
    const api = homeApi({}, (request) => ({ found: 60, hits: [hit({ id: `p${request.page}`, name: `Result on page ${request.page}` })] }));
    const { user, router } = await renderHome();
    await screen.findByText('60 resources');

    await user.click(screen.getByRole('switch', { name: 'Flagged' }));
    await waitFor(() => expect(lastSearch(api)).toEqual({ query: '', flagged: true, tags: [], page: 1, perPage: 25 }));

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastSearch(api)?.page).toBe(3));
    expect(await screen.findByRole('link', { name: 'Result on page 3' })).toBeTruthy();
    expect(router.state.location.search).toBe('?flagged=1&page=3');

    // A new page size starts again from the first page.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Results per page' }), '10');
    await waitFor(() => expect(lastSearch(api)).toEqual({ query: '', flagged: true, tags: [], page: 1, perPage: 10 }));
    expect(router.state.location.search).toBe('?flagged=1&per=10');
    expect(await screen.findByRole('button', { name: 'Page 6' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 7' })).toBeNull();
  });

  it('offers no page past the 1000th hit', async () => {
    homeApi({}, () => ({ found: 1000, hits: [hit()] }));
    await renderHome('/?per=100');
    expect(await screen.findByRole('button', { name: 'Page 10' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 11' })).toBeNull();
  });

  it('restores the whole search from the URL', async () => {
    const api = homeApi();
    await renderHome('/?q=sepsis&flagged=1&tag=Renal&tag=ICU&page=2&per=100');
    await waitFor(() => expect(searches(api)).toEqual([{ query: 'sepsis', flagged: true, tags: ['Renal', 'ICU'], page: 2, perPage: 100 }]));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('sepsis');
    expect((screen.getByRole('switch', { name: 'Flagged' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Results per page' }) as HTMLSelectElement).value).toBe('100');
    expect((screen.getByRole('checkbox', { name: 'ICU (0)' }) as HTMLInputElement).checked).toBe(true);
  });

  it('goes back to the previous filters, and the box shows a query changed by navigation', async () => {
    const api = homeApi();
    const { user, router } = await renderHome('/?q=heart');
    await user.click(screen.getByRole('switch', { name: 'Flagged' }));
    await waitFor(() => expect(lastSearch(api)?.flagged).toBe(true));
    await act(() => router.navigate(-1));
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Flagged' }) as HTMLInputElement).checked).toBe(false));
    await act(() => router.navigate('/?q=sepsis'));
    await waitFor(() => expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('sepsis'));
    await waitFor(() => expect(lastSearch(api)).toMatchObject({ query: 'sepsis', flagged: false }));
  });

  it("focuses the search box on '/'", async () => {
    homeApi();
    const { user } = await renderHome();
    await user.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search' }));
  });
});
