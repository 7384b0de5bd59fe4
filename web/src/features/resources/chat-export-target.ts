// The open resource as a destination of 'Export to Text Field' in its chat dialog: the text goes at the end of one of
// its content sections, or into a new section at the bottom, through the resource screen's own autosave.
import { plainTextDeltaString, type ResourceFields, type TextSection } from '@chartside/shared';
import { appendPlainText } from '../../components/rich-text/stored-blocks';
import { createClientId } from '../../platform/client-id';
import type { ExportTarget } from '../chat/export/export-target';
import { addSection, newSection, sectionLabel, updateSection } from './sections/section-list';

/** The choice that adds a section instead of extending one. */
export const NEW_SECTION = 'new-section';
/** The title of a section the chat adds. */
export const CHAT_SECTION_TITLE = 'From AI chat';

export function resourceExportTarget(
  latestSections: () => readonly TextSection[],
  change: (fields: Partial<ResourceFields>, immediate: boolean) => void,
): ExportTarget {
  return {
    label: 'This resource',
    sections: [
      { value: NEW_SECTION, label: `A new section ("${CHAT_SECTION_TITLE}")` },
      ...latestSections().map((section, index) => ({ value: section.id, label: sectionLabel(section, index) })),
    ],
    append: (value, text) => {
      const sections = latestSections();
      const now = new Date().toISOString();
      const index = sections.findIndex((section) => section.id === value);
      const existing = sections[index];
      if (!existing) {
        const section = { ...newSection(createClientId(), now), title: CHAT_SECTION_TITLE, deltaString: plainTextDeltaString(text) };
        change({ textSections: addSection(sections, section, 'bottom') }, true);
        return CHAT_SECTION_TITLE;
      }
      change({ textSections: updateSection(sections, existing.id, { deltaString: appendPlainText(existing.deltaString, text) }, now) }, true);
      return sectionLabel(existing, index);
    },
  };
}
