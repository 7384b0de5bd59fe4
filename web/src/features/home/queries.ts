// Server state of Home: the search (POST /api/search), the home lists (kept in the user document, saved with PATCH
// /api/me and its version), and creating an article from a DOI (Crossref, then POST /api/resources).
import {
  articlesContract,
  changeHomeLists,
  doiUrl,
  resourcesContract,
  searchContract,
  type HomeListChange,
  type Resource,
  type SearchRequest,
} from '@chartside/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../platform/platform-context';
import { meKeys, useMe, useUserDocumentChange } from '../../platform/user-document';

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

/** Saves one change to the home lists; on a conflict, the same change is applied to the latest lists. */
export function useChangeHomeLists() {
  return useUserDocumentChange(homeListsMutationKey, (document, change: HomeListChange) => ({
    homeLists: changeHomeLists(document.homeLists, change),
  }));
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
