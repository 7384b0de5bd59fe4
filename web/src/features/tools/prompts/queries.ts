// The saved prompts live in the user document: read with useMe, changed through its one save path (PATCH /api/me with
// the version; on a conflict the same change is applied to the latest prompts).
import { changePrompts, type PromptChange } from '@chartside/shared';
import { meKeys, useUserDocumentChange } from '../../../platform/user-document';

export const promptsMutationKey = [...meKeys.all, 'prompts'] as const;

export function useChangePrompts() {
  return useUserDocumentChange(promptsMutationKey, (document, change: PromptChange) => changePrompts(document, change));
}
