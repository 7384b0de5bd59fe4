// The list operations on a resource's content sections. Each returns a new list; none changes its input.
import { MAX_SECTIONS, moveItem, type TextSection } from '@chartside/shared';

export type SectionEnd = 'top' | 'bottom';

/** What a section is called in the Table of Contents and in control names: its title, else 'Section N' (1-based). */
export const sectionLabel = (section: Pick<TextSection, 'title'>, index: number) => section.title.trim() || `Section ${index + 1}`;

export const newSection = (id: string, now: string): TextSection => ({ id, title: '', deltaString: '', editing: false, createdAt: now, updatedAt: now });

export const canAddSection = (sections: readonly TextSection[]) => sections.length < MAX_SECTIONS;

export const addSection = (sections: readonly TextSection[], section: TextSection, end: SectionEnd): TextSection[] =>
  end === 'top' ? [section, ...sections] : [...sections, section];

/** Applies a change of title or body; the section's updatedAt becomes `now`. */
export const updateSection = (sections: readonly TextSection[], id: string, change: Partial<Pick<TextSection, 'title' | 'deltaString'>>, now: string): TextSection[] =>
  sections.map((section) => (section.id === id ? { ...section, ...change, updatedAt: now } : section));

export const removeSection = (sections: readonly TextSection[], id: string): TextSection[] => sections.filter((section) => section.id !== id);

/** Moves the section `activeId` to where `overId` is, as a drop in a sortable list does. */
export const moveSection = (sections: readonly TextSection[], activeId: string, overId: string): TextSection[] =>
  moveItem(
    sections,
    sections.findIndex((section) => section.id === activeId),
    sections.findIndex((section) => section.id === overId),
  );

interface StoredBlockShape {
  type?: unknown;
  content?: unknown;
  children?: unknown;
}

const isEmptyParagraph = (block: StoredBlockShape) =>
  block?.type === 'paragraph' && (!Array.isArray(block.content) || block.content.length === 0) && (!Array.isArray(block.children) || block.children.length === 0);

/** True for a body with nothing in it: no text, and no block (image, list, table) but empty paragraphs. */
const isEmptyBody = (deltaString: string) => {
  if (!deltaString.trim()) return true;
  try {
    const blocks: unknown = JSON.parse(deltaString);
    return Array.isArray(blocks) && blocks.every((block: StoredBlockShape) => isEmptyParagraph(block));
  } catch {
    return false;
  }
};

/** A section with a title or a body: removing it asks first. */
export const hasContent = (section: Pick<TextSection, 'title' | 'deltaString'>) => section.title.trim() !== '' || !isEmptyBody(section.deltaString);
