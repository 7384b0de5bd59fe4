// The Table of Contents of a resource's sections: click a title to go to its section; in edit mode, drag the handle
// (pointer, or keyboard) to reorder.
import { Text, UnstyledButton } from '@mantine/core';
import type { TextSection } from '@chartside/shared';
import { SortableList } from '../../../components/SortableList';
import { sectionLabel } from './section-list';
import classes from './sections.module.css';

export interface TableOfContentsProps {
  sections: readonly TextSection[];
  /** Without it the list cannot be reordered (view mode). */
  onMove?: (from: number, to: number) => void;
  onSelect: (id: string) => void;
}

export function TableOfContents({ sections, onMove, onSelect }: TableOfContentsProps) {
  if (sections.length === 0) return <Text c="dimmed" size="sm">No sections yet.</Text>;
  return (
    <nav aria-label="Table of Contents">
      <SortableList
        items={sections}
        idOf={(section) => section.id}
        labelOf={sectionLabel}
        {...(onMove ? { onMove } : {})}
        label="Sections"
        noun="section"
        renderItem={(section, index) => (
          <UnstyledButton className={classes.tocLink} onClick={() => onSelect(section.id)}>
            <Text span size="sm" c={section.title.trim() ? undefined : 'dimmed'} truncate>
              {sectionLabel(section, index)}
            </Text>
          </UnstyledButton>
        )}
      />
    </nav>
  );
}
