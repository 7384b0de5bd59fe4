// The signed-in user's document (GET /api/me): settings and lists every feature reads, one key factory for all; and
// saving one change to it, shared by every feature that keeps something in it: PATCH /api/me with the document's
// version, one save at a time, shown on screen at once.
import { meContract, type UserDocument, type UserDocumentPatch } from '@chartside/shared';
import { useMutation, useMutationState, useQuery, useQueryClient, type Mutation, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from './api/api-error';
import type { ApiClient } from './api/api-client';
import { useApi } from './platform-context';

export const meKeys = {
  all: ['me'] as const,
  document: () => [...meKeys.all, 'document'] as const,
};

/** The user document as the user sees it: the server's copy with the changes still being saved on top. */
export function useMe(): UseQueryResult<UserDocument> {
  const api = useApi();
  const query = useQuery({
    queryKey: meKeys.document(),
    queryFn: ({ signal }) => api.call(meContract.get, { signal }),
  });
  const pending = useMutationState({ filters: { predicate: isPendingUserDocumentChange }, select: pendingChangeOf });
  const shown = useMemo(() => query.data && withPendingChanges(query.data, pending), [query.data, pending]);
  return pending.length === 0 ? query : ({ ...query, data: shown } as UseQueryResult<UserDocument>);
}

/** The fields a change writes, worked out from the document it is applied to (pure). */
export type ApplyChange<Change> = (document: UserDocument, change: Change) => Omit<UserDocumentPatch, 'version'>;

/** Every user-document save runs in this scope: each starts from the version the previous one produced. */
export const userDocumentScope = 'user-document';

const applyChangeMeta = 'applyChange';

const documentOf = (queryClient: QueryClient): UserDocument | undefined => queryClient.getQueryData<UserDocument>(meKeys.document());

const withChange = <Change>(document: UserDocument, change: Change, apply: ApplyChange<Change>): UserDocument => ({
  ...document,
  ...apply(document, change),
});

const saveChange = async <Change>(api: ApiClient, queryClient: QueryClient, change: Change, apply: ApplyChange<Change>) => {
  const patch = (document: UserDocument) => api.call(meContract.patch, { body: { ...apply(document, change), version: document.version } });
  const current = documentOf(queryClient) ?? (await api.call(meContract.get));
  try {
    return await patch(current);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'version_conflict')) throw error;
    // Changed on another device meanwhile: take the latest document and apply just this change to it again.
    const latest = await api.call(meContract.get);
    queryClient.setQueryData(meKeys.document(), latest);
    return patch(latest);
  }
};

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

/** A change still on its way, with the function that puts it on a document. */
export interface PendingChange {
  change: unknown;
  apply: ApplyChange<unknown>;
}

/** Is this one of the user-document saves still on its way? */
export const isPendingUserDocumentChange = (mutation: AnyMutation): boolean =>
  mutation.options.scope?.id === userDocumentScope &&
  mutation.state.status === 'pending' &&
  typeof mutation.options.meta?.[applyChangeMeta] === 'function';

export const pendingChangeOf = (mutation: AnyMutation): PendingChange => ({
  change: mutation.state.variables,
  apply: mutation.options.meta?.[applyChangeMeta] as ApplyChange<unknown>,
});

/** The document as the user sees it: the server's document with every change still on its way applied in order. */
export const withPendingChanges = (document: UserDocument, pending: readonly PendingChange[]): UserDocument =>
  pending.reduce((shown, { change, apply }) => withChange(shown, change, apply), document);

/**
 * Saves one change to the user document. The query cache keeps the server's document; `useMe` shows the changes still
 * on their way on top of it, so the change is on screen at once, an earlier save's answer does not undo a later
 * change, and a failed change leaves the server's copy on screen again.
 */
export function useUserDocumentChange<Change>(mutationKey: readonly unknown[], apply: ApplyChange<Change>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    scope: { id: userDocumentScope },
    meta: { [applyChangeMeta]: apply },
    mutationFn: (change: Change) => saveChange(api, queryClient, change, apply),
    onMutate: () => queryClient.cancelQueries({ queryKey: meKeys.document() }),
    onSuccess: (saved) => queryClient.setQueryData(meKeys.document(), saved),
  });
}
