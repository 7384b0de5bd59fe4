// Adds a name to the user's attendings (the autocomplete's suggestions) through the user-document change saver.
import { addAttending } from '@chartside/shared';
import { meKeys, useUserDocumentChange } from '../../../../platform/user-document';

const addAttendingMutationKey = [...meKeys.all, 'attendings'] as const;

export function useAddAttending() {
  return useUserDocumentChange(addAttendingMutationKey, (document, name: string) => ({ attendings: [...addAttending(document.attendings, name)] }));
}
