import { describe, expect, it } from 'vitest';
import { pageCount, readSearchState, searchParamsOf, toggleTag, type SearchState } from './search-url';

const defaults: SearchState = { query: '', flagged: false, tags: [], page: 1, perPage: 25 };

describe('readSearchState', () => {
  it.each<[string, Partial<SearchState>]>([
    ['', {}],
    ['q=heart+failure&flagged=1&tag=Cardio&tag=Renal&page=2&per=10', { query: 'heart failure', flagged: true, tags: ['Cardio', 'Renal'], page: 2, perPage: 10 }],
    ['flagged=true', {}],
    ['tag=Cardio&tag=Cardio&tag=', { tags: ['Cardio'] }],
    ['page=0', {}],
    ['page=abc', {}],
    ['page=1.5', {}],
    ['page=1001', {}],
    ['per=50', {}],
    ['per=100', { perPage: 100 }],
  ])('reads ?%s', (query, want) => {
    expect(readSearchState(new URLSearchParams(query))).toEqual({ ...defaults, ...want });
  });

  it('cuts a query longer than the API takes', () => {
    expect(readSearchState(new URLSearchParams({ q: 'x'.repeat(600) })).query).toHaveLength(500);
  });
});

describe('searchParamsOf', () => {
  it.each<[Partial<SearchState>, string]>([
    [{}, ''],
    [{ query: 'heart failure', flagged: true, tags: ['Cardio', 'Renal'], page: 2, perPage: 10 }, 'q=heart+failure&flagged=1&tag=Cardio&tag=Renal&page=2&per=10'],
    [{ perPage: 25, page: 1 }, ''],
  ])('writes %j as ?%s', (state, want) => {
    expect(searchParamsOf({ ...defaults, ...state }).toString()).toBe(want);
  });

  it('round-trips through the URL', () => {
    const state: SearchState = { query: 'a&b=c', flagged: true, tags: ['Infectious Disease'], page: 3, perPage: 100 };
    expect(readSearchState(searchParamsOf(state))).toEqual(state);
  });
});

describe('pageCount', () => {
  it.each([
    [0, 25, 0],
    [1, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [5000, 25, 40],
    [5000, 100, 10],
  ])('pageCount(%i, %i) is %i', (found, perPage, want) => expect(pageCount(found, perPage)).toBe(want));
});

describe('toggleTag', () => {
  it.each([
    [[], 'Cardio', ['Cardio']],
    [['Renal'], 'Cardio', ['Renal', 'Cardio']],
    [['Renal', 'Cardio'], 'Renal', ['Cardio']],
  ])('toggleTag(%j, %j) is %j', (tags, tag, want) => expect(toggleTag(tags, tag)).toEqual(want));
});
