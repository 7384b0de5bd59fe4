// The Table of Contents of a resource's sections: click a title to go to its section; drag the handle (pointer, or
// keyboard: Space to lift, arrows to move, Space to drop, Escape to cancel) to reorder. dnd-kit announces each step.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import type { TextSection } from '@chartside/shared';
import { IconGrip } from '../../../components/icons';
import { sectionLabel } from './section-list';
import classes from './sections.module.css';

export interface TableOfContentsProps {
  sections: readonly TextSection[];
  /** Without it the list cannot be reordered (view mode). */
  onMove?: (activeId: string, overId: string) => void;
  onSelect: (id: string) => void;
}

interface EntryProps {
  section: TextSection;
  index: number;
  sortable: boolean;
  onSelect: (id: string) => void;
}

function Entry({ section, index, sortable, onSelect }: EntryProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: section.id, disabled: !sortable });
  const label = sectionLabel(section, index);
  return (
    <li ref={setNodeRef} className={classes.tocEntry} data-dragging={isDragging} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <Group gap={4} wrap="nowrap">
        {sortable && (
          <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" className={classes.handle} {...attributes} {...listeners} aria-label={`Move ${label}`}>
            <IconGrip />
          </ActionIcon>
        )}
        <UnstyledButton className={classes.tocLink} onClick={() => onSelect(section.id)}>
          <Text span size="sm" c={section.title.trim() ? undefined : 'dimmed'} truncate>
            {label}
          </Text>
        </UnstyledButton>
      </Group>
    </li>
  );
}

/** What a screen reader hears while a section moves: labels and positions, not ids. */
const announcements = (sections: readonly TextSection[]): Announcements => {
  const indexOf = (id: UniqueIdentifier) => sections.findIndex((section) => section.id === id);
  const name = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    return index < 0 ? 'The section' : sectionLabel(sections[index]!, index);
  };
  const place = (id: UniqueIdentifier) => `position ${indexOf(id) + 1} of ${sections.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, ${place(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} moved to ${place(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped at ${place(over.id)}.` : `${name(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving cancelled. ${name(active.id)} is back at ${place(active.id)}.`,
  };
};

const screenReaderInstructions = {
  draggable: 'To move a section, press Space. Use the up and down arrow keys to choose its new place, Space to drop it, or Escape to cancel.',
};

export function TableOfContents({ sections, onMove, onSelect }: TableOfContentsProps) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  if (sections.length === 0) return <Text c="dimmed" size="sm">No sections yet.</Text>;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove?.(String(active.id), String(over.id));
  };
  return (
    <nav aria-label="Table of Contents">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements: announcements(sections), screenReaderInstructions }}>
        <SortableContext items={sections.map((section) => section.id)} strategy={verticalListSortingStrategy}>
          <ol className={classes.toc}>
            {sections.map((section, index) => (
              <Entry key={section.id} section={section} index={index} sortable={Boolean(onMove)} onSelect={onSelect} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </nav>
  );
}
