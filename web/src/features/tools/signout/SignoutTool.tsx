// /tools/signout: the I-PASS hand-off sheet of the panel. Each patient's entry starts from the chart (ID line, open
// tasks); the clinician sets the severity and edits any part, kept in this browser (signout-store.ts); the sheet
// prints (the print stylesheet drops the controls) and copies as text.
import { panelComparator, patientsContract } from '@chartside/shared';
import { Alert, Button, Group, Loader, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useCopyText } from '../../../components/use-copy-text';
import { useApi } from '../../../platform/platform-context';
import { useMe } from '../../../platform/user-document';
import { currentEntry, patientHeading, severities, severityLabels, signoutText, type SignoutEntry, type SignoutPatient } from './ipass';
import classes from './signout.module.css';
import { useSignoutEdits } from './signout-store';

export function SignoutTool() {
  const api = useApi();
  const me = useMe();
  // The panel's own key, so the list the panel loaded (and keeps for offline use) is the one shown here.
  const panel = useQuery({ queryKey: ['patients', 'list'], queryFn: ({ signal }) => api.call(patientsContract.list, { signal }) });
  const patients = useMemo(() => [...(panel.data?.patients ?? [])].sort(panelComparator('room', new Date())), [panel.data]);

  return (
    <PageFrame title="Sign-out">
      <Text className={classes.screenOnly}>
        An I-PASS hand-off of your panel. Each patient starts from the chart: the ID line as the summary, open tasks as the action list. Set the illness
        severity and edit any part; your edits stay in this browser until you reset them. Print the sheet or copy it as text.
      </Text>
      <QueryErrorAlert query={panel} what="your panel" />
      {panel.isPending || !me.data ? <Loader aria-label="Loading the panel" /> : <SignoutSheet userId={me.data.userId} patients={patients} />}
    </PageFrame>
  );
}

function SignoutSheet({ userId, patients }: { userId: string; patients: readonly SignoutPatient[] }) {
  const ids = useMemo(() => patients.map((patient) => patient.id), [patients]);
  const { saved, change, reset } = useSignoutEdits(userId, ids);
  const { copied, copy } = useCopyText();
  const rows = patients.map((patient) => ({ patient, entry: currentEntry(patient, saved[patient.id]) }));

  if (patients.length === 0) return <Alert title="No patients on your panel">Add patients to the panel and their sign-out appears here.</Alert>;
  return (
    <Stack gap="md">
      <Group className={classes.screenOnly}>
        <Button onClick={() => window.print()}>Print</Button>
        <Button variant="default" onClick={() => void copy(signoutText(rows))}>
          {copied ? 'Copied' : 'Copy as text'}
        </Button>
      </Group>
      {rows.map(({ patient, entry }) => (
        <PatientEntry
          key={patient.id}
          heading={patientHeading(patient)}
          entry={entry}
          edited={saved[patient.id] !== undefined}
          onChange={(part) => change(patient.id, part)}
          onReset={() => reset(patient.id)}
        />
      ))}
    </Stack>
  );
}

interface PatientEntryProps {
  heading: string;
  entry: SignoutEntry;
  edited: boolean;
  onChange: (part: Partial<SignoutEntry>) => void;
  onReset: () => void;
}

function PatientEntry({ heading, entry, edited, onChange, onReset }: PatientEntryProps) {
  const severityId = useId();
  return (
    <Paper component="section" aria-label={heading} withBorder p="md" className={classes.patient}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {heading}
          </Title>
          {edited && (
            <Button size="xs" variant="subtle" className={classes.screenOnly} onClick={onReset}>
              Reset from chart
            </Button>
          )}
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={severityId}>
            Illness severity
          </Text>
          <SegmentedControl
            aria-labelledby={severityId}
            value={entry.severity}
            onChange={(value) => onChange({ severity: value as SignoutEntry['severity'] })}
            data={severities.map((value) => ({ value, label: severityLabels[value] }))}
          />
          {!entry.severity && (
            <Text size="xs" c="dimmed">
              Not set
            </Text>
          )}
        </Stack>
        <Textarea label="Patient summary" autosize minRows={1} value={entry.summary} onChange={(e) => onChange({ summary: e.currentTarget.value })} />
        <Textarea label="Action list" autosize minRows={1} value={entry.actions} onChange={(e) => onChange({ actions: e.currentTarget.value })} />
        <Textarea
          label="Situation awareness & contingency"
          placeholder="If … then …"
          autosize
          minRows={1}
          value={entry.situation}
          onChange={(e) => onChange({ situation: e.currentTarget.value })}
        />
        <Text size="sm" fw={500}>
          Synthesis by receiver
        </Text>
        <div className={classes.receiverLine} />
      </Stack>
    </Paper>
  );
}
