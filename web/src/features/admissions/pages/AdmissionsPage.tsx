// /admissions: the user's admission notes (H&P), newest first, searchable by title and patient (the URL holds the
// search); a new note starts blank or from a patient on the panel, and opens at once.
import type { AdmissionSummary } from '@chartside/shared';
import { Alert, Anchor, Button, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useAdmissionList, useCreateAdmission, usePanelPatients } from '../queries';

/** Why the user landed here, when a note page sent them (a missing or deleted note). */
const noticeOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string' ? state.notice : undefined;

/** Every word of the search appears in the title or the demographics line (any case). */
const matches = (admission: AdmissionSummary, query: string) => {
  const haystack = `${admission.title} ${admission.demographics}`.toLowerCase();
  return query.toLowerCase().split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function AdmissionsPage() {
  const list = useAdmissionList();
  const create = useCreateAdmission();
  const navigate = useNavigate();
  const notice = noticeOf(useLocation().state);
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [pickingPatient, setPickingPatient] = useState(false);
  const patients = usePanelPatients(pickingPatient);

  const start = (patientId?: string) =>
    create.mutate(patientId ? { patientId } : {}, {
      onSuccess: (admission) => void navigate(`/admissions/${encodeURIComponent(admission.id)}`),
      onError: (failure) => notifications.show({ color: 'red', title: 'The note was not created', message: failure.message }),
    });

  const admissions = list.data?.admissions;
  const shown = admissions?.filter((admission) => matches(admission, query)) ?? [];
  const patientOptions = (patients.data?.patients ?? []).map((patient) => ({
    value: patient.id,
    label: [patient.lastname, patient.firstname].filter(Boolean).join(', ') || 'Unnamed patient',
  }));

  return (
    <PageFrame
      title="Admissions"
      actions={
        <Group gap="xs">
          <Button variant="light" onClick={() => setPickingPatient(true)} disabled={create.isPending}>
            From a patient
          </Button>
          <Button onClick={() => start()} loading={create.isPending && !pickingPatient}>
            New admission note
          </Button>
        </Group>
      }
    >
      {notice && (
        <Alert color="yellow" role="status">
          {notice}
        </Alert>
      )}
      {pickingPatient && (
        <Paper withBorder p="sm">
          <Group align="flex-end" gap="sm">
            <Select
              label="Start from a patient on your panel"
              placeholder={patients.isPending ? 'Loading the panel…' : 'Choose a patient'}
              data={patientOptions}
              searchable
              nothingFoundMessage="No patient of that name"
              onChange={(patientId) => patientId && start(patientId)}
              style={{ flex: 1 }}
              disabled={create.isPending}
            />
            <Button variant="subtle" onClick={() => setPickingPatient(false)}>
              Cancel
            </Button>
          </Group>
          <QueryErrorAlert query={patients} what="your panel" />
          {patients.data?.patients.length === 0 && <Text size="sm">Your panel is empty: add a patient first, or start a blank note.</Text>}
        </Paper>
      )}
      <TextInput
        type="search"
        label="Search"
        placeholder="Title or patient"
        value={query}
        onChange={(event) => setParams(event.currentTarget.value ? { q: event.currentTarget.value } : {}, { replace: true })}
      />
      {list.isPending && <Loader role="status" aria-label="Loading admission notes" />}
      <QueryErrorAlert query={list} what="your admission notes" />
      {admissions && shown.length === 0 && (
        <Text>{admissions.length === 0 ? 'No admission notes yet. Start one with New admission note, or from a patient.' : 'No note matches this search.'}</Text>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Admission notes">
        {shown.map((admission) => (
          <Paper component="li" key={admission.id} withBorder px="md" py="sm" style={{ listStyle: 'none' }}>
            <Stack gap={2}>
              <Anchor component={Link} to={`/admissions/${encodeURIComponent(admission.id)}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {admission.title.trim() || 'Untitled note'}
              </Anchor>
              {admission.demographics && (
                <Text size="sm" lineClamp={1}>
                  {admission.demographics}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                Started {when(admission.createdAt)} · changed {when(admission.updatedAt)}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </PageFrame>
  );
}
