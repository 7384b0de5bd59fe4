// Saving the user's text templates (the user document's `templates`) through the user document's one save path: shown
// at once, saved in order, kept while offline. A change is an operation, so on a conflict (another device saved
// meanwhile) it is applied again to the latest templates instead of overwriting them.
import {
  deleteTextTemplate,
  duplicateTextTemplate,
  saveTextTemplate,
  type TextTemplate,
  type TextTemplateMap,
  type UserDocument,
} from '@chartside/shared';
import { meKeys, useUserDocumentChange } from '../../platform/user-document';

export type TextTemplateChange =
  | { kind: 'save'; template: TextTemplate; originalName?: string }
  | { kind: 'duplicate'; name: string }
  | { kind: 'delete'; name: string };

/** The templates after a change; a change the latest templates refuse (a name taken meanwhile) leaves them as they are. */
export const applyTextTemplateChange = (stored: TextTemplateMap, change: TextTemplateChange): TextTemplateMap => {
  if (change.kind === 'delete') return deleteTextTemplate(stored, change.name);
  const result = change.kind === 'save' ? saveTextTemplate(stored, change.template, change.originalName) : duplicateTextTemplate(stored, change.name);
  return result.ok ? result.templates : stored;
};

const textTemplatesMutationKey = [...meKeys.all, 'text-templates'] as const;

export function useSaveTextTemplates() {
  return useUserDocumentChange(textTemplatesMutationKey, (document: UserDocument, change: TextTemplateChange) => ({
    templates: applyTextTemplateChange(document.templates, change),
  }));
}
