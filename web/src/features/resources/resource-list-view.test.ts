import { describe, expect, it } from 'vitest';
import { resourceSummary } from '../../test/fixtures';
import { applyListView, readListView, writeListView } from './resource-list-view';


const list = [
  resourceSummary('beta', { type: 'article', tags: ['Icu', 'Sepsis'], createdAt: '2025-01-03T00:00:00.000Z', updatedAt: '2025-01-03T00:00:00.000Z' }),
  resourceSummary('Alpha', { tags: ['Icu'], createdAt: '2025-01-02T00:00:00.000Z', updatedAt: '2025-01-09T00:00:00.000Z' }),
  resourceSummary('gamma 10', { type: 'article' }),
  resourceSummary('gamma 9', { type: 'guide', tags: ['Sepsis'] }),
];

describe('resource list view', () => {
  it.each([
    ['', { type: undefined, tags: [], sort: 'newest' }],
    ['type=article&tag=Icu&tag=Sepsis&sort=name', { type: 'article', tags: ['Icu', 'Sepsis'], sort: 'name' }],
    ['type=nonsense&sort=sideways', { type: undefined, tags: [], sort: 'newest' }],
  ])('reads ?%s', (query, want) => expect(readListView(new URLSearchParams(query))).toEqual(want));

  it('writes only what differs from the default, and reads it back', () => {
    const view = { type: 'guide' as const, tags: ['Icu'], sort: 'updated' as const };
    expect(writeListView(view).toString()).toBe('type=guide&tag=Icu&sort=updated');
    expect(writeListView({ type: undefined, tags: [], sort: 'newest' }).toString()).toBe('');
    expect(readListView(writeListView(view))).toEqual(view);
  });

  it.each<[string, Parameters<typeof applyListView>[1], string[]]>([
    ['newest first', { type: undefined, tags: [], sort: 'newest' }, ['beta', 'Alpha', 'gamma 10', 'gamma 9']],
    ['by name, case and numbers aware', { type: undefined, tags: [], sort: 'name' }, ['Alpha', 'beta', 'gamma 9', 'gamma 10']],
    ['recently updated first', { type: undefined, tags: [], sort: 'updated' }, ['Alpha', 'beta', 'gamma 10', 'gamma 9']],
    ['one type', { type: 'article', tags: [], sort: 'name' }, ['beta', 'gamma 10']],
    ['every selected tag', { type: undefined, tags: ['Icu', 'Sepsis'], sort: 'name' }, ['beta']],
    ['type and tag together', { type: 'guide', tags: ['Sepsis'], sort: 'name' }, ['gamma 9']],
  ])('filters and sorts: %s', (_case, view, want) => expect(applyListView(list, view).map((r) => r.name)).toEqual(want));
});
