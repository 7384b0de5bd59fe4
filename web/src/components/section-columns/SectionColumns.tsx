// The two field columns of a note template (spec: Note Templates dialog), shared by the patient screen's dialog and
// /templates: Available Fields (click to add, 'Search Name' filters) and Selected Fields (ordered: drag or keyboard to
// move, click to remove). Rendered as two sibling columns for the caller's grid.
import { availableSections, moveItem, sectionTitle, toggleSection, type PatientSection } from '@chartside/shared';
import { ScrollArea, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { SortableList } from '../SortableList';
import classes from './section-columns.module.css';

export interface SectionColumnsProps {
  selected: readonly PatientSection[];
  onChange: (selected: PatientSection[]) => void;
  /** Shown under Selected Fields (the dialog's 'Apply Selection'). */
  selectedFooter?: ReactNode;
  /** The heading level of the two column titles, below the caller's heading. */
  headingOrder?: 3 | 4;
}

const COLUMN_HEIGHT = 340;

export function SectionColumns({ selected, onChange, selectedFooter, headingOrder = 3 }: SectionColumnsProps) {
  const [search, setSearch] = useState('');
  const available = availableSections(selected, search);
  const toggle = (section: PatientSection) => onChange(toggleSection(selected, section));
  return (
    <>
      <Stack gap="xs" className={classes.column}>
        <Title order={headingOrder} size="h5">
          Available Fields
        </Title>
        <TextInput label="Search Name" placeholder="Search Name" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
        <ScrollArea.Autosize mah={COLUMN_HEIGHT} type="auto">
          <ul className={classes.fieldList} aria-label="Available Fields">
            {available.map((section) => (
              <li key={section}>
                <UnstyledButton className={classes.field} aria-label={`Add ${sectionTitle(section)}`} onClick={() => toggle(section)}>
                  {sectionTitle(section)}
                </UnstyledButton>
              </li>
            ))}
          </ul>
          {available.length === 0 && (
            <Text size="sm" c="dimmed">
              No fields match.
            </Text>
          )}
        </ScrollArea.Autosize>
      </Stack>

      <Stack gap="xs" className={classes.column}>
        <Title order={headingOrder} size="h5">
          Selected Fields
        </Title>
        <Text size="xs" c="dimmed">
          Drag to order; click a field to remove it.
        </Text>
        <ScrollArea.Autosize mah={COLUMN_HEIGHT + 60} type="auto">
          {selected.length === 0 ? (
            <Text size="sm" c="dimmed">
              No fields selected.
            </Text>
          ) : (
            <SortableList
              items={selected}
              idOf={(section) => section}
              labelOf={(section) => sectionTitle(section)}
              onMove={(from, to) => onChange(moveItem(selected, from, to))}
              label="Selected Fields"
              noun="field"
              renderItem={(section) => (
                <UnstyledButton className={classes.field} aria-label={`Remove ${sectionTitle(section)}`} onClick={() => toggle(section)}>
                  {sectionTitle(section)}
                </UnstyledButton>
              )}
            />
          )}
        </ScrollArea.Autosize>
        {selectedFooter}
      </Stack>
    </>
  );
}
