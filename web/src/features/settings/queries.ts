// Server state of Settings: the four preference switches, saved to the user document (PATCH /api/me with its
// version), the authenticator app's status from Cognito, and the user's audit trail ('Load more' asks for the next page).
import { auditContract } from '@chartside/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useApi } from '../../platform/platform-context';
import { hasAuthenticator } from '../../platform/auth/authenticator';
import { meKeys, useUserDocumentChange } from '../../platform/user-document';

export const preferenceKeys = ['cprs', 'inpatient', 'showTimeTracker', 'showTimeTrackerTimes'] as const;
export type PreferenceKey = (typeof preferenceKeys)[number];

export interface PreferenceChange {
  key: PreferenceKey;
  value: boolean;
}

export const preferenceMutationKey = [...meKeys.all, 'preference'] as const;

/** Saves one switch; on a conflict, just this switch is applied to the latest document. */
export function useSavePreference() {
  return useUserDocumentChange(preferenceMutationKey, (_document, { key, value }: PreferenceChange) => ({ [key]: value }));
}

export const mfaKeys = {
  all: ['mfa'] as const,
  authenticator: () => [...mfaKeys.all, 'authenticator'] as const,
};

export function useAuthenticatorStatus() {
  return useQuery({ queryKey: mfaKeys.authenticator(), queryFn: hasAuthenticator, staleTime: 0 });
}

export const auditKeys = { trail: ['audit', 'trail'] as const };

/** The caller's own audit trail, newest first; read fresh each time Settings opens (staleTime 0). */
export function useAuditTrail() {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: auditKeys.trail,
    queryFn: ({ pageParam, signal }) => api.call(auditContract.trail, { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
}
