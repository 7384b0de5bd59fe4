// The search on Home is navigation: its state lives in the URL (?q=&flagged=1&tag=A&tag=B&page=2&per=25), so reload,
// back and a shared link all restore it. Values the API would refuse fall back to the defaults.
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_QUERY, SEARCH_MAX_HITS, searchPageSizes, type SearchRequest } from '@chartside/shared';

export type SearchState = SearchRequest;
export type PageSize = SearchRequest['perPage'];

const isPageSize = (n: number): n is PageSize => (searchPageSizes as readonly number[]).includes(n);

export function readSearchState(params: URLSearchParams): SearchState {
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per'));
  return {
    query: (params.get('q') ?? '').slice(0, MAX_SEARCH_QUERY),
    flagged: params.get('flagged') === '1',
    tags: [...new Set(params.getAll('tag').filter((tag) => tag.trim() !== ''))],
    page: Number.isInteger(page) && page >= 1 && page <= SEARCH_MAX_HITS ? page : 1,
    perPage: isPageSize(perPage) ? perPage : DEFAULT_PAGE_SIZE,
  };
}

/** The URL's query for a state; defaults are left out so a plain Home stays '/'. */
export function searchParamsOf(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('q', state.query);
  if (state.flagged) params.set('flagged', '1');
  for (const tag of state.tags) params.append('tag', tag);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.perPage !== DEFAULT_PAGE_SIZE) params.set('per', String(state.perPage));
  return params;
}

/** Pages the pager offers: no search reaches past SEARCH_MAX_HITS. */
export const pageCount = (found: number, perPage: number): number => Math.ceil(Math.min(found, SEARCH_MAX_HITS) / perPage);

/** The tag filter with `tag` switched: added at the end when absent, removed when present. */
export const toggleTag = (tags: readonly string[], tag: string): string[] => (tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag]);
