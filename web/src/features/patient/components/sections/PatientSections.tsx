// The left column of the patient screen: the patient's visible note sections, in the patient's order. A visible
// section with nothing stored shows the spec's 'Field Value Error for {field}' with a way to start it, so the
// clinician is never stuck in front of an error.
import { fieldValueError, sectionTitle, shownSections, type PatientSection } from '@chartside/shared';
import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { usePatientEditing } from '../../patient-editing';
import { FieldSection } from './FieldSection';
import { SectionIcon } from './section-icons';
import classes from './sections.module.css';

function MissingSection({ section }: { section: PatientSection }) {
  const { changeSection } = usePatientEditing();
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
        <Group justify="space-between" gap="xs">
          <Text size="sm">This section is shown but has nothing stored yet.</Text>
          <Button size="xs" variant="light" onClick={() => changeSection(section, { deltaString: '', expanded: true })}>
            Start this section
          </Button>
        </Group>
      </Alert>
    </Paper>
  );
}

export function PatientSections() {
  const { draft, changeSection } = usePatientEditing();
  const sections = shownSections(draft.visibleFields);
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
        const value = draft.fields[section];
        return (
          <div role="listitem" key={section}>
            {value ? <FieldSection section={section} value={value} attending={draft.attending} changeSection={changeSection} /> : <MissingSection section={section} />}
          </div>
        );
      })}
    </div>
  );
}
