// The left column of the patient screen: the patient's visible note sections, in the patient's order. A section with
// nothing stored is empty and ready to type in (a new patient has none stored). Only a stored value that cannot be read
// shows the spec's 'Field Value Error for {field}', with what is stored and a way to start the section again.
import { fieldValueError, isUnreadableField, sectionTitle, sectionValue, shownSections, type FieldValue, type PatientSection } from '@chartside/shared';
import { Alert, Button, Code, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { memo, useState } from 'react';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { usePatientDraft, usePatientEditing } from '../../patient-editing';
import { FieldSection } from './FieldSection';
import { SectionIcon } from './section-icons';
import classes from './sections.module.css';

function UnreadableSection({ section, value }: { section: PatientSection; value: FieldValue }) {
  const { changeSection } = usePatientEditing();
  const [confirming, setConfirming] = useState(false);
  const title = sectionTitle(section);
  return (
    <Paper component="section" withBorder p="xs" radius="md" aria-label={title} data-section={section}>
      <Group gap="xs" px={6} py={4}>
        <span className={classes.titleIcon}>
          <SectionIcon section={section} />
        </span>
        <span className={classes.title}>{title}</span>
      </Group>
      <Alert color="red" variant="light" mt="xs" title={fieldValueError(section)}>
        <Stack gap="xs">
          <Text size="sm">What is stored for this section cannot be read. It is kept as it is below, so you can copy from it.</Text>
          <ScrollArea.Autosize mah={120}>
            <Code block>{value.unreadable}</Code>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
              Start this section again
            </Button>
          </Group>
        </Stack>
      </Alert>
      <ConfirmDialog
        opened={confirming}
        title={`Start ${title} again?`}
        confirmLabel="Start again"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          changeSection(section, { deltaString: '', expanded: true });
        }}
      >
        <Text size="sm">The text that cannot be read is replaced by an empty section. Copy anything you need from it first.</Text>
      </ConfirmDialog>
    </Paper>
  );
}

export const PatientSections = memo(function PatientSections() {
  const { changeSection } = usePatientEditing();
  const sections = shownSections(usePatientDraft((draft) => draft.visibleFields));
  // A new object on every change of any section: the sections that did not change are memo'd and not rendered again.
  const fields = usePatientDraft((draft) => draft.fields);
  const attending = usePatientDraft((draft) => draft.attending);
  if (sections.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No note sections are shown. Choose them with Note Templates.
      </Text>
    );
  }
  return (
    <div className={classes.list} aria-label="Note sections" role="list">
      {sections.map((section) => {
        const value = sectionValue(fields, section);
        return (
          <div role="listitem" key={section}>
            {isUnreadableField(value) ? (
              <UnreadableSection section={section} value={value} />
            ) : (
              <FieldSection section={section} value={value} attending={attending} changeSection={changeSection} />
            )}
          </div>
        );
      })}
    </div>
  );
});
