// The resource list's view state, held in the URL (?type=&tag=&sort=) so reload, back and a shared link restore it.
import { ResourceType, tagKey, type ResourceSummary } from '@chartside/shared';

export const listSorts = { name: 'Name', newest: 'Newest', updated: 'Recently updated' } as const;
export type ListSort = keyof typeof listSorts;

export interface ListView {
  type: ResourceType | undefined;
  /** A resource must carry every selected tag. */
  tags: string[];
  sort: ListSort;
}

const isSort = (value: string | null): value is ListSort => value !== null && Object.hasOwn(listSorts, value);

export const parseType = (value: string | null): ResourceType | undefined => {
  const parsed = ResourceType.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

export const parseSort = (value: string | null): ListSort => (isSort(value) ? value : 'newest');

export const readListView = (params: URLSearchParams): ListView => ({
  type: parseType(params.get('type')),
  tags: params.getAll('tag'),
  sort: parseSort(params.get('sort')),
});

export const writeListView = ({ type, tags, sort }: ListView): URLSearchParams => {
  const params = new URLSearchParams();
  if (type) params.set('type', type);
  for (const tag of tags) params.append('tag', tag);
  if (sort !== 'newest') params.set('sort', sort);
  return params;
};

const comparators: Record<ListSort, (a: ResourceSummary, b: ResourceSummary) => number> = {
  name: (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }),
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
  updated: (a, b) => b.updatedAt.localeCompare(a.updatedAt),
};

export const applyListView = (resources: readonly ResourceSummary[], { type, tags, sort }: ListView): ResourceSummary[] =>
  resources.filter((r) => (!type || r.type === type) && tags.every((tag) => r.tags.some((own) => tagKey(own) === tagKey(tag)))).sort(comparators[sort]);
