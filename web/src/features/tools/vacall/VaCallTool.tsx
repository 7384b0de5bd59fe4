// /tools/vacall: the cross-cover call log of a night on call (a VA hospital's overnight coverage is where the name comes
// from): each page or call with its time, patient, caller, question and what was done, flagged when the day team must
// follow up; the shift's calls copy as a summary for the morning sign-out. Kept in this browser (device-list.ts).
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageFrame } from '../../../components/PageFrame';
import { useCopyText } from '../../../components/use-copy-text';
import { patientNotesKey } from '../../../platform/offline/patient-notes-storage';
import { useMe } from '../../../platform/user-document';
import { useDeviceList } from '../device-list';
import { CallEntry, callSummary, shiftEntries } from './call-log';

/** When a night shift usually begins: the log shows calls since the last 17:00. */
const SHIFT_START_HOUR = 17;

const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
const lastShiftStart = (now = new Date()) => {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate(), SHIFT_START_HOUR);
  if (start > now) start.setDate(start.getDate() - 1);
  return localInput(start);
};
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export function VaCallTool() {
  const me = useMe();
  return (
    <PageFrame title="VA Call">
      <Text>
        Log each page or call while you cover overnight: who called, about whom, the question and what you did. Flag what the day team must follow up, then copy the
        night&apos;s summary into your sign-out. The log stays in this browser.
      </Text>
      {me.data && <CallLog userId={me.data.userId} />}
    </PageFrame>
  );
}

function CallLog({ userId }: { userId: string }) {
  const { items, add, update, remove, removeAll } = useDeviceList(patientNotesKey(userId, 'vacall'), CallEntry);
  const [since, setSince] = useState(lastShiftStart);
  const [clearing, setClearing] = useState(false);
  const { copied, copy } = useCopyText();
  const shift = shiftEntries(items, new Date(since));

  return (
    <Stack gap="lg">
      <CallForm onAdd={add} />
      <Group align="flex-end">
        <TextInput type="datetime-local" label="Shift began" value={since} onChange={(e) => e.currentTarget.value && setSince(e.currentTarget.value)} />
        <Button variant="default" disabled={shift.length === 0} onClick={() => void copy(callSummary(shift))}>
          {copied ? 'Copied' : 'Copy summary for sign-out'}
        </Button>
        <Button variant="subtle" color="red" disabled={shift.length === 0} onClick={() => setClearing(true)}>
          Clear this shift
        </Button>
      </Group>
      {shift.length === 0 ? (
        <Text c="dimmed">No calls logged since the shift began.</Text>
      ) : (
        <Stack gap="xs" component="ol" aria-label="Calls this shift" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {[...shift].reverse().map((entry) => (
            <Paper key={entry.id} component="li" withBorder p="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={600}>
                    {timeOf(entry.at)} · {entry.patient || 'No patient named'}
                    {entry.caller && <Text span c="dimmed"> · {entry.caller}</Text>}
                  </Text>
                  <Text size="sm">{entry.question}</Text>
                  {entry.action && <Text size="sm">→ {entry.action}</Text>}
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Checkbox label="Follow-up" checked={entry.followUp} onChange={(e) => update(entry.id, { followUp: e.currentTarget.checked })} />
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove(entry.id)} aria-label={`Delete the ${timeOf(entry.at)} call`}>
                    Delete
                  </Button>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={clearing}
        title="Clear this shift's calls?"
        confirmLabel="Clear"
        onConfirm={() => {
          removeAll(shift.map((entry) => entry.id));
          setClearing(false);
        }}
        onCancel={() => setClearing(false)}
      >
        The {shift.length} calls logged since the shift began are deleted from this browser. Copy the summary first if you still need it.
      </ConfirmDialog>
    </Stack>
  );
}

function CallForm({ onAdd }: { onAdd: (entry: CallEntry) => void }) {
  const [at, setAt] = useState('');
  const [patient, setPatient] = useState('');
  const [caller, setCaller] = useState('');
  const [question, setQuestion] = useState('');
  const [action, setAction] = useState('');
  const [followUp, setFollowUp] = useState(false);
  const [problem, setProblem] = useState<string>();

  const submit = () => {
    if (!question.trim()) return setProblem('Write what the call was about.');
    setProblem(undefined);
    onAdd({ id: crypto.randomUUID(), at: (at ? new Date(at) : new Date()).toISOString(), patient: patient.trim(), caller: caller.trim(), question: question.trim(), action: action.trim(), followUp });
    [setAt, setPatient, setCaller, setQuestion, setAction].forEach((clear) => clear(''));
    setFollowUp(false);
  };

  return (
    <Paper withBorder p="md" component="form" aria-label="Log a call" onSubmit={(event) => (event.preventDefault(), submit())}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Patient" placeholder="Name, room" value={patient} onChange={(e) => setPatient(e.currentTarget.value)} />
          <TextInput label="Caller" placeholder="4 West RN, pharmacy, lab" value={caller} onChange={(e) => setCaller(e.currentTarget.value)} />
          <TextInput type="datetime-local" label="Time" description="Now when left empty" value={at} onChange={(e) => setAt(e.currentTarget.value)} />
        </SimpleGrid>
        <Textarea label="Question" autosize minRows={1} value={question} onChange={(e) => setQuestion(e.currentTarget.value)} />
        <Textarea label="Action" autosize minRows={1} value={action} onChange={(e) => setAction(e.currentTarget.value)} />
        <Checkbox label="Day team to follow up" checked={followUp} onChange={(e) => setFollowUp(e.currentTarget.checked)} />
        {problem && (
          <Alert color="red" title="The call was not logged">
            {problem}
          </Alert>
        )}
        <Group>
          <Button type="submit">Log call</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
