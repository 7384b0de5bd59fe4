// /tools/moonlight: a moonlighting shift log. Each shift has a site, start and end, and an hourly rate; the month
// chosen (kept in the URL) lists its shifts with hours and pay, in total and per site. Kept in this browser
// (device-list.ts): a personal earnings log, not part of any chart.
import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { useMe } from '../../../platform/user-document';
import { useDeviceList } from '../device-list';
import { monthQuery, queryShifts, Shift, shiftHours, shiftPay, shiftProblem } from './shifts';

const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const hoursText = (hours: number) => `${Math.round(hours * 100) / 100} h`;
const when = (value: string) => new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};

export function MoonlightTool() {
  const me = useMe();
  return (
    <PageFrame title="Moonlight" size="lg">
      <Text>Log your moonlighting shifts and see each month&apos;s hours and pay, per site. The log stays in this browser.</Text>
      {me.data && <ShiftLog userId={me.data.userId} />}
    </PageFrame>
  );
}

function ShiftLog({ userId }: { userId: string }) {
  // Sites, hours and pay: no patient data, so the log stays across sign-ins (unlike patientNotesKey's entries).
  const { items, add, remove } = useDeviceList(`chartside.moonlight.${userId}`, Shift);
  const [params, setParams] = useSearchParams();
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? params.get('month')! : thisMonth();
  const result = queryShifts(items, monthQuery(month));

  return (
    <Stack gap="lg">
      <ShiftForm sites={[...new Set(items.map((shift) => shift.site))]} lastRate={items.at(-1)?.hourlyRate} onAdd={add} />
      <Group align="flex-end">
        <TextInput type="month" label="Month" value={month} onChange={(e) => e.currentTarget.value && setParams({ month: e.currentTarget.value }, { replace: true })} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} aria-label="Month totals">
        <Total label="Shifts" value={String(result.totals.shifts)} />
        <Total label="Hours" value={hoursText(result.totals.hours)} />
        <Total label="Pay" value={money.format(result.totals.pay)} />
      </SimpleGrid>
      {result.shifts.length === 0 ? (
        <Text c="dimmed">No shifts in this month.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Shifts" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Site</Table.Th>
                  <Table.Th>Start</Table.Th>
                  <Table.Th>End</Table.Th>
                  <Table.Th>Hours</Table.Th>
                  <Table.Th>Pay</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.shifts.map((shift) => (
                  <Table.Tr key={shift.id}>
                    <Table.Td>{shift.site}</Table.Td>
                    <Table.Td>{when(shift.start)}</Table.Td>
                    <Table.Td>{when(shift.end)}</Table.Td>
                    <Table.Td>{hoursText(shiftHours(shift))}</Table.Td>
                    <Table.Td>{money.format(shiftPay(shift))}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="subtle" color="red" aria-label={`Delete the shift at ${shift.site} on ${when(shift.start)}`} onClick={() => remove(shift.id)}>
                        Delete
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap={4}>
            <Title order={2} size="h4">
              Per site
            </Title>
            <Table aria-label="Per site">
              <Table.Tbody>
                {result.bySite.map(([site, totals]) => (
                  <Table.Tr key={site}>
                    <Table.Td>{site}</Table.Td>
                    <Table.Td>{totals.shifts === 1 ? '1 shift' : `${totals.shifts} shifts`}</Table.Td>
                    <Table.Td>{hoursText(totals.hours)}</Table.Td>
                    <Table.Td>{money.format(totals.pay)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </>
      )}
    </Stack>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

function ShiftForm({ sites, lastRate, onAdd }: { sites: string[]; lastRate: number | undefined; onAdd: (shift: Shift) => void }) {
  const [site, setSite] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [rate, setRate] = useState<number | string>(lastRate ?? '');
  const [problem, setProblem] = useState<string>();

  const submit = () => {
    const shift = { id: crypto.randomUUID(), site: site.trim(), start, end, hourlyRate: typeof rate === 'number' ? rate : Number.NaN };
    const found = shiftProblem(shift);
    setProblem(found);
    if (found) return;
    onAdd(shift);
    setStart('');
    setEnd('');
  };

  return (
    <Paper withBorder p="md" component="form" aria-label="Add a shift" onSubmit={(event) => (event.preventDefault(), submit())}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Site" value={site} onChange={(e) => setSite(e.currentTarget.value)} list="moonlight-sites" />
          <NumberInput label="Hourly rate" min={0} decimalScale={2} value={rate} onChange={setRate} />
          <TextInput type="datetime-local" label="Start" value={start} onChange={(e) => setStart(e.currentTarget.value)} />
          <TextInput type="datetime-local" label="End" value={end} onChange={(e) => setEnd(e.currentTarget.value)} />
        </SimpleGrid>
        <datalist id="moonlight-sites">
          {sites.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {problem && (
          <Alert color="red" title="The shift was not added">
            {problem}
          </Alert>
        )}
        <Group>
          <Button type="submit">Add shift</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
