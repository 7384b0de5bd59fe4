// Server state of Home: the search (POST /api/search), the home lists (kept in the user document, saved with PATCH
// /api/me and its version), and creating an article from a DOI (Crossref, then POST /api/resources).
import {
  articlesContract,
  changeHomeLists,
  doiUrl,
  meContract,
  resourcesContract,
  searchContract,
  type HomeList,
  type HomeListChange,
  type Resource,
  type SearchRequest,
  type UserDocument,
} from '@chartside/shared';
import { keepPreviousData, useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../platform/api/api-error';
import type { ApiClient } from '../../platform/api/api-client';
import { useApi } from '../../platform/platform-context';
import { meKeys, useMe } from '../../platform/user-document';

export { meKeys, useMe };

export const searchKeys = {
  all: ['search'] as const,
  results: (request: SearchRequest) => [...searchKeys.all, request] as const,
};

export function useSearch(request: SearchRequest) {
  const api = useApi();
  return useQuery({
    queryKey: searchKeys.results(request),
    queryFn: ({ signal }) => api.call(searchContract.search, { body: request, signal }),
    // While the next page or filter loads, the last results stay on screen instead of a blank.
    placeholderData: keepPreviousData,
    // Coming back to Home (after editing a resource) shows the cached answer and asks again.
    staleTime: 0,
  });
}

export const homeListsMutationKey = [...meKeys.all, 'home-lists'] as const;

const documentOf = (queryClient: QueryClient): UserDocument | undefined => queryClient.getQueryData<UserDocument>(meKeys.document());

const saveChange = async (api: ApiClient, queryClient: QueryClient, change: HomeListChange): Promise<UserDocument> => {
  const patch = (document: UserDocument) =>
    api.call(meContract.patch, { body: { version: document.version, homeLists: changeHomeLists(document.homeLists, change) } });
  const current = documentOf(queryClient) ?? (await api.call(meContract.get));
  try {
    return await patch(current);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'version_conflict')) throw error;
    // Changed on another device meanwhile: apply the same change to the latest lists.
    const latest = await api.call(meContract.get);
    queryClient.setQueryData(meKeys.document(), latest);
    return patch(latest);
  }
};

/** Saves one change to the home lists. The cache keeps the server's document; the screen shows pending changes on top. */
export function useChangeHomeLists() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: homeListsMutationKey,
    // One user-document save at a time (Settings use the same scope): each starts from the version the last one produced.
    scope: { id: 'user-document' },
    mutationFn: (change: HomeListChange) => saveChange(api, queryClient, change),
    onSuccess: (saved) => queryClient.setQueryData(meKeys.document(), saved),
  });
}

/** The lists as the user sees them: the saved lists with every change still on its way applied in order. */
export function useHomeLists(saved: readonly HomeList[]): HomeList[] {
  const pending = useMutationState({
    filters: { mutationKey: homeListsMutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as HomeListChange,
  });
  return pending.reduce<HomeList[]>((lists, change) => changeHomeLists(lists, change), [...saved]);
}

/** Looks the DOI up in Crossref, then creates an article resource named after its title and linked to the DOI resolver. */
export function useCreateArticleFromDoi() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (doi: string): Promise<Resource> => {
      const found = await api.call(articlesContract.resolveDoi, { body: { doi } });
      return api.call(resourcesContract.create, {
        body: {
          type: 'article',
          name: found.title || found.doi,
          link: doiUrl(found.doi),
          article: { ...found, crossref: true, oa_locations: [] },
        },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchKeys.all }),
  });
}
