// The search on Home. The URL holds its state (see search-url.ts); typing reaches the URL, and so the API, only after
// SEARCH_DEBOUNCE_MS of quiet. Filters and pages are history entries, so Back undoes them; typing replaces the entry.
import { SEARCH_DEBOUNCE_MS, searchPageSizes, type HomeList, type HomeListItem, type SearchCount, type SearchResult } from '@chartside/shared';
import { Chip, Group, Loader, NativeSelect, Pagination, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useSearch } from '../queries';
import { pageCount, readSearchState, searchParamsOf, toggleTag, type PageSize, type SearchState } from '../search-url';
import classes from './home.module.css';
import { SearchResultItem } from './SearchResultItem';

export interface SearchPanelProps {
  lists: readonly HomeList[];
  onAddToList: (listIndex: number, item: HomeListItem) => void;
}

/** The query box: what is typed shows at once; the URL follows after the debounce, and a URL changed by Back is shown. */
function useQueryBox(urlQuery: string, writeQuery: (query: string) => void) {
  const [typed, setTyped] = useState(urlQuery);
  const [written, setWritten] = useState(urlQuery);
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);
  if (urlQuery !== seenUrlQuery) {
    setSeenUrlQuery(urlQuery);
    // Not our own write arriving: Back, Forward or a link changed the query.
    if (urlQuery !== written) setTyped(urlQuery);
  }
  const write = useDebouncedCallback((query: string) => {
    setWritten(query);
    writeQuery(query);
  }, SEARCH_DEBOUNCE_MS);
  const type = (query: string) => {
    setTyped(query);
    write(query);
  };
  return { typed, type };
}

type TagCount = SearchResult['facets'][number];

/** Tag facets of the current results; a selected tag stays even when no result carries it any more. */
const facetsWithSelected = (facets: readonly TagCount[], selected: readonly string[]): TagCount[] => [
  ...facets,
  ...selected.filter((tag) => !facets.some((facet) => facet.tag === tag)).map((tag) => ({ tag, count: 0 })),
];

/** How a count reads: as it is when exact, 'about' an estimate, 'at least' a count that stopped. */
const counted = (count: number, is: SearchCount) => (is === 'estimate' ? `about ${count}` : is === 'atLeast' ? `at least ${count}` : String(count));

const resultCount = ({ found, foundIs }: SearchResult) => `${counted(found, foundIs)} ${found === 1 ? 'resource' : 'resources'}`;

export function SearchPanel({ lists, onAddToList }: SearchPanelProps) {
  const [params, setParams] = useSearchParams();
  const state = readSearchState(params);
  const search = useSearch(state);
  const inputRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => inputRef.current?.focus()]]);

  /** A change of the filters starts again at page 1. */
  const update = (change: Partial<SearchState>, replace = false) =>
    setParams((current) => searchParamsOf({ ...readSearchState(current), page: 1, ...change }), { replace });
  const box = useQueryBox(state.query, (query) => update({ query }, true));

  const result = search.data;
  const pages = result ? pageCount(result.found, state.perPage) : 0;
  const facets = facetsWithSelected(result?.facets ?? [], state.tags);

  return (
    <Stack gap="sm">
      <TextInput
        ref={inputRef}
        type="search"
        label="Search"
        placeholder="Search names, tags, descriptions and sections"
        value={box.typed}
        onChange={(event) => box.type(event.currentTarget.value)}
        maxLength={500}
        rightSection={search.isFetching ? <Loader size="xs" className={classes.delayed} aria-label="Searching" /> : null}
      />
      <Group justify="space-between" gap="sm">
        <Switch label="Flagged" checked={state.flagged} onChange={(event) => update({ flagged: event.currentTarget.checked })} />
        <NativeSelect
          label="Results per page"
          size="xs"
          data={searchPageSizes.map(String)}
          value={String(state.perPage)}
          onChange={(event) => update({ perPage: Number(event.currentTarget.value) as PageSize })}
          className={classes.perPage}
        />
      </Group>
      {facets.length > 0 && (
        <Group gap={6} role="group" aria-label="Filter by tag">
          {facets.map(({ tag, count }) => (
            <Chip key={tag} size="xs" checked={state.tags.includes(tag)} onChange={() => update({ tags: toggleTag(state.tags, tag) })}>
              {tag} ({counted(count, result?.facetsAre ?? 'exact')})
            </Chip>
          ))}
        </Group>
      )}
      <QueryErrorAlert query={search} what="search results" />
      {search.isPending &&
        (search.fetchStatus === 'paused' ? (
          <Text c="dimmed">The search runs once you are back online.</Text>
        ) : (
          <Loader className={classes.delayed} aria-label="Loading search results" />
        ))}
      {result && (
        <Stack gap="sm" aria-busy={search.isPlaceholderData} className={search.isPlaceholderData ? classes.stale : undefined}>
          {result.hits.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              No Results
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed" aria-live="polite">
                {resultCount(result)}
              </Text>
              <Stack component="ul" gap="xs" aria-label="Search results" p={0} m={0}>
                {result.hits.map((hit) => (
                  <SearchResultItem key={hit.id} hit={hit} lists={lists} onAddToList={onAddToList} />
                ))}
              </Stack>
            </>
          )}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={Math.min(state.page, pages)}
              onChange={(page) => update({ page })}
              siblings={1}
              boundaries={1}
              size="sm"
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              getControlProps={(control) => ({ 'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control] })}
              className={classes.pager}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
