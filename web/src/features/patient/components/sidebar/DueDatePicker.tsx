// A task's due date (spec: Task due-date picker): a day, the hour 1-12 with AM/PM, the minute in 15-minute steps, and
// quick shifts of an hour, a day and a week either way. With no due date yet, the picker starts from the next quarter
// hour; any change sets the due date. All reading and moving of dates is in shared/patients/due-date.ts.
import {
  calendarDay, clockTime, DUE_MINUTE_STEP, dueHourOptions, dueMinuteOptions, dueShifts, roundUpToStep, shiftDueDate, withCalendarDay, withClockTime,
  type ClockTime, type Meridiem,
} from '@chartside/shared';
import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';

export interface DueDatePickerProps {
  /** ISO time, or null when the task has no due date. */
  value: string | null;
  onChange: (value: string | null) => void;
  now: Date;
}

const hourOptions = dueHourOptions.map(String);
const minuteOptions = dueMinuteOptions.map((minute) => ({ value: String(minute), label: String(minute).padStart(2, '0') }));
const meridiemOptions: Meridiem[] = ['AM', 'PM'];

export function DueDatePicker({ value, onChange, now }: DueDatePickerProps) {
  const base = value ? new Date(value) : roundUpToStep(now);
  const time = clockTime(base);
  const set = (date: Date | undefined) => date && onChange(date.toISOString());
  const setTime = (changed: Partial<ClockTime>) => set(withClockTime(base, { ...time, ...changed }));

  return (
    <Stack gap="xs">
      <TextInput type="date" label="Date" value={value ? calendarDay(base) : ''} onChange={(event) => set(withCalendarDay(base, event.currentTarget.value))} />
      <Group gap="xs" grow wrap="nowrap">
        <NativeSelect label="Hour" data={hourOptions} value={String(time.hour)} onChange={(event) => setTime({ hour: Number(event.currentTarget.value) })} />
        <NativeSelect
          label="Minute"
          data={minuteOptions}
          // A due date typed elsewhere off the steps shows on the step before it.
          value={String(Math.floor(time.minute / DUE_MINUTE_STEP) * DUE_MINUTE_STEP)}
          onChange={(event) => setTime({ minute: Number(event.currentTarget.value) })}
        />
        <NativeSelect label="AM/PM" data={meridiemOptions} value={time.meridiem} onChange={(event) => setTime({ meridiem: event.currentTarget.value as Meridiem })} />
      </Group>
      <SimpleGrid cols={3} spacing={6} verticalSpacing={6}>
        {dueShifts.map((shift) => (
          <Button key={shift.label} variant="light" size="compact-sm" onClick={() => set(shiftDueDate(base, shift.unit, shift.amount))}>
            {shift.label}
          </Button>
        ))}
      </SimpleGrid>
      <Button variant="subtle" color="gray" size="compact-sm" disabled={value === null} onClick={() => onChange(null)}>
        Clear due date
      </Button>
    </Stack>
  );
}
