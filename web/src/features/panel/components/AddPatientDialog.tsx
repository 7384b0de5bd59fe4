// Add patient: last and first name, an optional MRN, and a room (inpatient) or an appointment; creates the patient,
// then opens its page.
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCreatePatient } from '../queries';
import { patientPath } from './PatientCard';

export interface AddPatientDialogProps {
  opened: boolean;
  inpatient: boolean;
  onClose: () => void;
}

const empty = { lastname: '', firstname: '', mrn: '', room: '', appointment: '' };

export function AddPatientDialog({ opened, inpatient, onClose }: AddPatientDialogProps) {
  const [form, setForm] = useState(empty);
  const create = useCreatePatient();
  const navigate = useNavigate();
  const set = (key: keyof typeof empty) => (event: { currentTarget: HTMLInputElement }) => setForm({ ...form, [key]: event.currentTarget.value });
  // A patient needs a name to be found on the panel again.
  const named = Boolean(form.lastname.trim() || form.firstname.trim());

  const close = () => {
    if (create.isPending) return;
    setForm(empty);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!named) return;
    create.mutate(
      {
        lastname: form.lastname,
        firstname: form.firstname,
        mrn: form.mrn,
        ...(inpatient ? { room: form.room } : { appointment: form.appointment }),
      },
      { onSuccess: (patient) => void navigate(patientPath(patient.id)) },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Add patient" centered>
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Last name" value={form.lastname} onChange={set('lastname')} data-autofocus />
          <TextInput label="First name" value={form.firstname} onChange={set('firstname')} />
          <TextInput label="MRN" description="Optional" value={form.mrn} onChange={set('mrn')} />
          {inpatient ? (
            <TextInput label="Room" description="Optional" value={form.room} onChange={set('room')} />
          ) : (
            <TextInput label="Appointment" description="Optional" type="datetime-local" value={form.appointment} onChange={set('appointment')} />
          )}
          {create.isError && (
            <Alert color="red" role="alert" title="The patient was not added">
              {create.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!named} loading={create.isPending}>
              Add patient
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
