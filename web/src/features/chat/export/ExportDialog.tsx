// 'Export to Text Field' (spec: Chat screen): puts a text (a reply, a transcription) at the end of a note section. The
// destination is a patient of the panel and one of the sections their screen shows, or, when the chat was opened from
// a resource, one of that resource's sections. The text can be trimmed before it goes. Then the notice 'Exported to
// {section}'.
import { displayName, patientSections, sectionTitle, shownSections, type PatientSection, type PatientSummary } from '@chartside/shared';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { comboboxProps } from '../../../components/combobox-props';
import { useApi } from '../../../platform/platform-context';
import { usePatientList } from '../../panel/queries';
import type { ExportTarget } from './export-target';
import { appendToPatientSection } from './export-to-patient';

export interface ExportDialogProps {
  opened: boolean;
  /** The plain text to export. */
  text: string;
  onClose: () => void;
  /** The record the chat was opened from, offered first. */
  target?: ExportTarget | undefined;
  /** The patient open on screen, chosen to begin with. */
  patientId?: string | undefined;
}

const patientLabel = (patient: PatientSummary) => [displayName(patient), patient.mrn].filter(Boolean).join(' · ');

/** The sections a patient's screen shows, in its order; every section when it shows none. */
const sectionOptions = (patient: PatientSummary | undefined) => {
  if (!patient) return [];
  const shown = shownSections(patient.visibleFields);
  return (shown.length > 0 ? shown : [...patientSections]).map((section) => ({ value: section, label: sectionTitle(section) }));
};

export function ExportDialog({ opened, onClose, ...form }: ExportDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Export to Text Field" size="lg" centered>
      {opened && <ExportForm {...form} onClose={onClose} />}
    </Modal>
  );
}

function ExportForm({ text: initialText, target, patientId: openPatientId, onClose }: Omit<ExportDialogProps, 'opened'>) {
  const api = useApi();
  const queryClient = useQueryClient();
  const patients = usePatientList();
  const [destination, setDestination] = useState<'target' | 'patient'>(target ? 'target' : 'patient');
  const [patientId, setPatientId] = useState<string | null>(openPatientId ?? null);
  const [section, setSection] = useState<string | null>(null);
  const [targetSection, setTargetSection] = useState<string | null>(target?.sections[0]?.value ?? null);
  const [text, setText] = useState(initialText);
  const patient = patients.data?.patients.find((candidate) => candidate.id === patientId);
  const sections = sectionOptions(patient);

  const exportToPatient = useMutation({
    mutationFn: ({ patient: chosen, section: chosenSection }: { patient: PatientSummary; section: PatientSection }) =>
      appendToPatientSection(api, queryClient, chosen.id, chosenSection, text),
    onSuccess: (_done, { patient: chosen, section: chosenSection }) => {
      notifications.show({ title: displayName(chosen), message: `Exported to ${sectionTitle(chosenSection)}` });
      onClose();
    },
  });

  const ready = text.trim() !== '' && (destination === 'target' ? targetSection !== null : patient !== undefined && sections.some((option) => option.value === section));

  const submit = () => {
    if (!ready) return;
    if (destination === 'target' && target && targetSection) {
      const name = target.append(targetSection, text);
      notifications.show({ message: `Exported to ${name}` });
      onClose();
      return;
    }
    if (patient && section) exportToPatient.mutate({ patient, section: section as PatientSection });
  };

  return (
    <Stack gap="sm">
      {target && (
        <SegmentedControl
          aria-label="Export to"
          value={destination}
          onChange={(value) => setDestination(value === 'target' ? 'target' : 'patient')}
          data={[
            { value: 'target', label: target.label },
            { value: 'patient', label: 'A patient' },
          ]}
        />
      )}
      {destination === 'target' && target ? (
        <Select label="Section" data={target.sections} value={targetSection} onChange={setTargetSection} allowDeselect={false} comboboxProps={comboboxProps} />
      ) : (
        <>
          <Select
            label="Patient"
            placeholder={patients.isPending ? 'Loading the panel…' : 'Choose a patient'}
            data={(patients.data?.patients ?? []).map((candidate) => ({ value: candidate.id, label: patientLabel(candidate) }))}
            value={patientId}
            onChange={(value) => {
              setPatientId(value);
              setSection(null);
            }}
            searchable
            nothingFoundMessage="No patient matches"
            comboboxProps={comboboxProps}
          />
          {patients.isError && <Text c="red" size="sm">The panel could not be loaded: {patients.error.message}</Text>}
          {patients.data?.patients.length === 0 && <Text c="dimmed" size="sm">The panel has no patients yet.</Text>}
          <Select
            label="Section"
            placeholder={patient ? 'Choose a section' : 'Choose a patient first'}
            data={sections}
            value={section}
            onChange={setSection}
            disabled={!patient}
            searchable
            comboboxProps={comboboxProps}
          />
        </>
      )}
      <Textarea label="Text to export" description="Added at the end of the section. Trim it here first if you like." autosize minRows={4} maxRows={12} value={text} onChange={(event) => setText(event.currentTarget.value)} />
      {exportToPatient.error && (
        <Alert color="red" title="Not exported">
          {exportToPatient.error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={!ready} loading={exportToPatient.isPending}>
          Export
        </Button>
      </Group>
    </Stack>
  );
}
