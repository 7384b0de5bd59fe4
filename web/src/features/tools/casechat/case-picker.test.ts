import type { ResourceSummary } from '@chartside/shared';
import { describe, expect, it } from 'vitest';
import { resourceSummary } from '../../../test/fixtures';
import { chatCounts, pickableResources } from './case-picker';

const resource = (id: string, name: string, type: ResourceSummary['type'], tags: string[] = []): ResourceSummary => resourceSummary(name, { id, type, tags });

const library = [
  resource('g1', 'Sepsis guideline', 'guide', ['ICU']),
  resource('c1', 'Septic shock, 64M', 'case', ['ICU']),
  resource('a1', 'Apixaban trial', 'article', ['Cardiology']),
  resource('c2', 'Fièvre après voyage', 'case', ['Infectious disease']),
];
const ids = (picked: ReturnType<typeof pickableResources>) => ({ cases: picked.cases.map((r) => r.id), others: picked.others.map((r) => r.id) });

describe('pickableResources', () => {
  it.each([
    ['', { cases: ['c1', 'c2'], others: ['g1', 'a1'] }],
    ['seps', { cases: [], others: ['g1'] }],
    ['icu', { cases: ['c1'], others: ['g1'] }],
    ['septic 64m', { cases: ['c1'], others: [] }],
    ['fievre', { cases: ['c2'], others: [] }],
    ['cardiology apixaban', { cases: [], others: ['a1'] }],
    ['nothing like it', { cases: [], others: [] }],
  ])('%j', (query, want) => expect(ids(pickableResources(library, query))).toEqual(want));
});

describe('chatCounts', () => {
  it('counts the chats about each resource, leaving out chats about none', () => {
    expect(chatCounts([{ resourceId: 'c1' }, {}, { resourceId: 'c1' }, { resourceId: 'g1' }])).toEqual(new Map([['c1', 2], ['g1', 1]]));
  });
});
