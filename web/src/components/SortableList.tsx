// A vertical list reordered by dragging each row's handle: pointer, or keyboard (Space to lift, arrows to move, Space to
// drop, Escape to cancel), with dnd-kit announcing each step by the rows' labels. Used by the Note Templates dialog's
// Selected Fields, the Content Extraction drawer's results, the assessment's problem list and a resource's Table of
// Contents (which cannot be reordered in view mode).
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
import { ActionIcon, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconGrip } from './icons';
import classes from './sortable-list.module.css';

export interface SortableListProps<T> {
  items: readonly T[];
  idOf: (item: T) => string;
  /** What a row is called: in its handle's name ('Move {label}') and in the announcements. */
  labelOf: (item: T, index: number) => string;
  /** Without it the rows stay in place and show no handle. */
  onMove?: (from: number, to: number) => void;
  renderItem: (item: T, index: number) => ReactNode;
  /** The list's accessible name. */
  label: string;
  /** What one row is, for the screen-reader instructions ('field', 'problem'). */
  noun: string;
}

interface RowProps {
  id: string;
  label: string;
  sortable: boolean;
  children: ReactNode;
}

function Row({ id, label, sortable, children }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !sortable });
  return (
    <li ref={setNodeRef} className={classes.row} data-dragging={isDragging} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        {sortable && (
          <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" className={classes.handle} {...attributes} {...listeners} aria-label={`Move ${label}`}>
            <IconGrip />
          </ActionIcon>
        )}
        <div className={classes.content}>{children}</div>
      </Group>
    </li>
  );
}

export function SortableList<T>({ items, idOf, labelOf, onMove, renderItem, label, noun }: SortableListProps<T>) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const indexOf = (id: UniqueIdentifier) => ids.indexOf(String(id));
  const name = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    return index < 0 ? `The ${noun}` : labelOf(items[index]!, index);
  };
  const place = (id: UniqueIdentifier) => `position ${indexOf(id) + 1} of ${items.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, ${place(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} moved to ${place(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped at ${place(over.id)}.` : `${name(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving cancelled. ${name(active.id)} is back at ${place(active.id)}.`,
  };
  const screenReaderInstructions = {
    draggable: `To move a ${noun}, press Space. Use the up and down arrow keys to choose its new place, Space to drop it, or Escape to cancel.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove?.(indexOf(active.id), indexOf(over.id));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={classes.list} aria-label={label}>
          {items.map((item, index) => (
            <Row key={ids[index]} id={ids[index]!} label={labelOf(item, index)} sortable={Boolean(onMove)}>
              {renderItem(item, index)}
            </Row>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
