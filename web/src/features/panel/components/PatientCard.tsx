// One patient on the panel: a card (name and age, MRN, room or appointment, tags, next task, one-liner) or, compact,
// one dense line. Either is a single link to the patient's page.
import { ageInYears, displayName, isOverdue, type PatientSummary } from '@chartside/shared';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { appointmentText, dueText, onelinerPreview, openTasks } from '../panel-text';
import classes from './panel.module.css';

export interface PatientCardProps {
  patient: PatientSummary;
  /** The inpatient setting: a room, else an appointment. */
  inpatient: boolean;
  now: Date;
}

export const patientPath = (id: string): string => `/panel/${encodeURIComponent(id)}`;

export const patientName = (patient: Pick<PatientSummary, 'lastname' | 'firstname'>): string => displayName(patient) || 'Unnamed patient';

const whereText = (patient: PatientSummary, inpatient: boolean): string =>
  inpatient ? (patient.room.trim() ? `Room ${patient.room.trim()}` : '') : patient.appointment ? `Appointment ${appointmentText(patient.appointment)}` : '';

function NextTask({ patient, now }: { patient: PatientSummary; now: Date }) {
  const next = openTasks(patient.tasks)[0];
  if (!next) return null;
  const overdue = isOverdue(next, now);
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" truncate="end">
        Next task: {next.text}
        {next.dueDate && ` (due ${dueText(next.dueDate)})`}
      </Text>
      {overdue && (
        <Badge color="red" size="sm" variant="filled" style={{ flexShrink: 0 }}>
          Overdue
        </Badge>
      )}
    </Group>
  );
}

// Memo: the panel renders hundreds; a new sort or filter moves the unchanged ones without rendering them again.
export const PatientCard = memo(function PatientCard({ patient, inpatient, now }: PatientCardProps) {
  const age = ageInYears(patient.dob, now);
  const where = whereText(patient, inpatient);
  const oneliner = onelinerPreview(patient.oneliner);
  return (
    <Paper component="li" withBorder p="sm" className={classes.card}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
          <Anchor component={Link} to={patientPath(patient.id)} fw={600} className={classes.cardLink} style={{ overflowWrap: 'anywhere' }}>
            {patientName(patient)}
          </Anchor>
          {age !== undefined && (
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              Age {age}
            </Text>
          )}
        </Group>
        {(patient.mrn.trim() || where) && (
          <Group gap="md">
            {patient.mrn.trim() && <Text size="sm">MRN {patient.mrn.trim()}</Text>}
            {where && <Text size="sm">{where}</Text>}
          </Group>
        )}
        {patient.tags.length > 0 && (
          <Group gap={4} aria-label="Tags" role="list">
            {patient.tags.map((tag) => (
              <Badge key={tag} role="listitem" variant="light" color="gray" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        <NextTask patient={patient} now={now} />
        {oneliner && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {oneliner}
          </Text>
        )}
      </Stack>
    </Paper>
  );
});

export const CompactPatientRow = memo(function CompactPatientRow({ patient, inpatient, now }: PatientCardProps) {
  const age = ageInYears(patient.dob, now);
  const where = whereText(patient, inpatient);
  const next = openTasks(patient.tasks)[0];
  return (
    <Group component="li" gap="sm" wrap="nowrap" py={4} px="xs" className={classes.compactRow}>
      <Anchor component={Link} to={patientPath(patient.id)} fw={600} size="sm" className={classes.cardLink} style={{ flexShrink: 0 }}>
        {patientName(patient)}
      </Anchor>
      <Text size="sm" c="dimmed" truncate="end">
        {[age !== undefined ? `Age ${age}` : '', where, next ? `Next: ${next.text}${isOverdue(next, now) ? ' (overdue)' : ''}` : ''].filter(Boolean).join(' · ')}
      </Text>
    </Group>
  );
});
