// Saving the user's note templates (the user document's `noteTemplate`), from the patient screen's Note Templates dialog
// and from /templates. A change is an operation, not a whole list, so when another device changed the templates
// meanwhile (409) it is applied again to the latest list instead of overwriting it.
import { addTemplate, deleteTemplate, renameTemplate, uniqueTemplates, updateTemplate, type NoteTemplate, type UserDocument } from '@chartside/shared';
import type { z } from 'zod';
import { meKeys, useUserDocumentChange } from './user-document';

type Template = z.infer<typeof NoteTemplate>;

export type NoteTemplateChange =
  | { kind: 'add'; name: string; sections: string[] }
  | { kind: 'update'; label: string; sections: string[] }
  | { kind: 'rename'; label: string; name: string }
  | { kind: 'delete'; label: string };

/**
 * The list after a change; a change the latest list refuses (a name taken meanwhile) leaves it as it is. A label stored
 * twice by an older write is saved once (the API refuses repeats).
 */
const applyNoteTemplateChange = (stored: readonly Template[], change: NoteTemplateChange): Template[] => {
  const templates = uniqueTemplates(stored);
  if (change.kind === 'delete') return deleteTemplate(templates, change.label);
  const result =
    change.kind === 'add'
      ? addTemplate(templates, change.name, change.sections)
      : change.kind === 'rename'
        ? renameTemplate(templates, change.label, change.name)
        : updateTemplate(templates, change.label, change.sections);
  return result.ok ? result.templates : [...templates];
};

const noteTemplatesMutationKey = [...meKeys.all, 'note-templates'] as const;

export function useSaveNoteTemplates() {
  return useUserDocumentChange(noteTemplatesMutationKey, (document: UserDocument, change: NoteTemplateChange) => ({
    noteTemplate: applyNoteTemplateChange(document.noteTemplate, change),
  }));
}
