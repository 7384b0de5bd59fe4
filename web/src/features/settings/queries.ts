// Server state of Settings: the four preference switches, saved to the user document (PATCH /api/me with its
// version), and the authenticator app's status from Cognito.
import { meContract, type UserDocument } from '@chartside/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../platform/api/api-error';
import type { ApiClient } from '../../platform/api/api-client';
import { hasAuthenticator } from '../../platform/auth/authenticator';
import { useApi } from '../../platform/platform-context';
import { meKeys } from '../../platform/user-document';

export const preferenceKeys = ['cprs', 'inpatient', 'showTimeTracker', 'showTimeTrackerTimes'] as const;
export type PreferenceKey = (typeof preferenceKeys)[number];

export interface PreferenceChange {
  key: PreferenceKey;
  value: boolean;
}

export const preferenceMutationKey = [...meKeys.all, 'preference'] as const;

const documentOf = (queryClient: QueryClient): UserDocument | undefined => queryClient.getQueryData<UserDocument>(meKeys.document());

const setPreference = (queryClient: QueryClient, { key, value }: PreferenceChange) =>
  queryClient.setQueryData<UserDocument>(meKeys.document(), (doc) => doc && { ...doc, [key]: value });

/** The values of preference changes still on their way, so an answer to an earlier one does not undo a later one on screen. */
const pendingChanges = (queryClient: QueryClient): PreferenceChange[] =>
  queryClient
    .getMutationCache()
    .findAll({ mutationKey: preferenceMutationKey, status: 'pending' })
    .map((mutation) => mutation.state.variables as PreferenceChange);

const save = async (api: ApiClient, queryClient: QueryClient, change: PreferenceChange): Promise<UserDocument> => {
  const patch = (version: number) => api.call(meContract.patch, { body: { version, [change.key]: change.value } });
  const current = documentOf(queryClient) ?? (await api.call(meContract.get));
  try {
    return await patch(current.version);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'version_conflict')) throw error;
    // Changed on another device meanwhile: take the latest document and apply just this one switch to it.
    const latest = await api.call(meContract.get);
    queryClient.setQueryData(meKeys.document(), { ...latest, [change.key]: change.value });
    return patch(latest.version);
  }
};

export function useSavePreference() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: preferenceMutationKey,
    // One save at a time: each starts from the version the previous one produced.
    scope: { id: 'user-document' },
    mutationFn: (change: PreferenceChange) => save(api, queryClient, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: meKeys.document() });
      const previous = documentOf(queryClient)?.[change.key];
      setPreference(queryClient, change);
      return { previous };
    },
    onError: (_error, change, context) => {
      const later = pendingChanges(queryClient).some((pending) => pending !== change && pending.key === change.key);
      if (!later && context?.previous !== undefined) setPreference(queryClient, { key: change.key, value: context.previous });
    },
    onSuccess: (saved, change) => {
      queryClient.setQueryData(meKeys.document(), saved);
      for (const pending of pendingChanges(queryClient)) if (pending !== change) setPreference(queryClient, pending);
    },
  });
}

export const mfaKeys = {
  all: ['mfa'] as const,
  authenticator: () => [...mfaKeys.all, 'authenticator'] as const,
};

export function useAuthenticatorStatus() {
  return useQuery({ queryKey: mfaKeys.authenticator(), queryFn: hasAuthenticator, staleTime: 0 });
}
