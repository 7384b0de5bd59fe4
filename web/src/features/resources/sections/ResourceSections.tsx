// A resource's Table of Contents and Content Sections (spec, Resource screen). Controlled: the page owns the list and
// saves it. Typing reports `immediate: false` (the page's 500 ms autosave); remove and reorder report `immediate: true`.
// A change is reported as an update of the page's current list, not a new list: two changes before the next render
// (or a remote copy merged in between) must not undo each other.
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TextSection } from '@chartside/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CollapsibleSection } from '../components/CollapsibleSection';
import { IconPlus } from '../../../components/icons';
import { sectionElementId, SectionEditor, sectionTitleId } from './SectionEditor';
import { addSection, canAddSection, hasContent, moveSection, newSection, removeSection, sectionLabel, updateSection, type SectionEnd } from './section-list';
import { TableOfContents } from './TableOfContents';

export interface ResourceSectionsProps {
  sections: TextSection[];
  editable: boolean;
  onChange: (update: (current: TextSection[]) => TextSection[], options: { immediate: boolean }) => void;
}

/**
 * Scrolls a section to the top of the view and puts the focus on its title. At once, not smoothly: the sections above
 * swap their stand-in text for editors as they pass (RichTextEditor), and a smooth scroll aims where the section was when
 * it began; after an instant one the browser keeps the section in place as they change height (scroll anchoring).
 */
const goToSection = (id: string) => {
  document.getElementById(sectionElementId(id))?.scrollIntoView({ block: 'start' });
  document.getElementById(sectionTitleId(id))?.focus({ preventScroll: true });
};

export function ResourceSections({ sections, editable, onChange }: ResourceSectionsProps) {
  const [confirmRemove, setConfirmRemove] = useState<TextSection>();
  const now = () => new Date().toISOString();

  const add = (end: SectionEnd) => {
    const section = newSection(crypto.randomUUID(), now());
    onChange((current) => addSection(current, section, end), { immediate: false });
    // The new title field exists after the parent re-renders with the new list.
    requestAnimationFrame(() => goToSection(section.id));
  };
  const update = (id: string, change: Partial<Pick<TextSection, 'title' | 'deltaString'>>) =>
    onChange((current) => updateSection(current, id, change, now()), { immediate: false });
  const remove = (id: string) => onChange((current) => removeSection(current, id), { immediate: true });
  // By id: the sections may have changed (a merged save) between the render and the drop.
  const move = (activeId: string, overId: string) => onChange((current) => moveSection(current, activeId, overId), { immediate: true });
  const askToRemove = (section: TextSection) => (hasContent(section) ? setConfirmRemove(section) : remove(section.id));

  const addButton = (end: SectionEnd) =>
    editable && (
      <Button variant="light" leftSection={<IconPlus />} onClick={() => add(end)} disabled={!canAddSection(sections)} aria-label={`Add Section at the ${end}`}>
        Add Section
      </Button>
    );
  const confirmIndex = confirmRemove ? sections.findIndex((section) => section.id === confirmRemove.id) : -1;

  return (
    <Stack gap="md">
      <CollapsibleSection title="Table of Contents" count={sections.length}>
        <TableOfContents
          sections={sections}
          onSelect={goToSection}
          {...(editable ? { onMove: (from: number, to: number) => move(sections[from]!.id, sections[to]!.id) } : {})}
        />
      </CollapsibleSection>
      <CollapsibleSection title="Content Sections" count={sections.length}>
        <Stack gap="sm">
          {addButton('top')}
          {sections.map((section, index) => (
            <SectionEditor
              key={section.id}
              section={section}
              index={index}
              editable={editable}
              onTitleChange={(title) => update(section.id, { title })}
              onBodyChange={(deltaString) => update(section.id, { deltaString })}
              onRemove={() => askToRemove(section)}
            />
          ))}
          {sections.length === 0 && !editable && <Text c="dimmed">No content sections.</Text>}
          {sections.length > 0 && addButton('bottom')}
        </Stack>
      </CollapsibleSection>
      <ConfirmDialog
        opened={confirmRemove !== undefined}
        title="Remove this section?"
        confirmLabel="Remove"
        onCancel={() => setConfirmRemove(undefined)}
        onConfirm={() => {
          if (confirmRemove) remove(confirmRemove.id);
          setConfirmRemove(undefined);
        }}
      >
        <Text>{confirmRemove && confirmIndex >= 0 ? `"${sectionLabel(confirmRemove, confirmIndex)}" and its text will be removed.` : ''}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
