// The special component of a section, on the section's stored data. Data that does not read as the component's
// shape is left as it is: the section shows its free text and says so, instead of crashing or overwriting it.
import { readSpecialData, specialComponentNames, type SpecialComponentSection, type SpecialData } from '@chartside/shared';
import { Alert } from '@mantine/core';
import { AttendingAttestation } from './AttendingAttestation';
import { BillingCodes } from './BillingCodes';
import { LabsTable } from './LabsTable';
import { ProblemList } from './ProblemList';
import { RemindersChecklist } from './RemindersChecklist';

export interface SpecialComponentProps {
  section: SpecialComponentSection;
  data: unknown;
  /** Applies a change to the section's data as it is when the change lands. */
  onChange: (update: (data: unknown) => unknown) => void;
}

export function SpecialComponent({ section, data, onChange }: SpecialComponentProps) {
  const reading = readSpecialData(section, data);
  if (!reading.ok) {
    return (
      <Alert color="yellow" title={`The stored ${specialComponentNames[section]} could not be read`}>
        It is kept as it was; the section's free text is shown instead.
      </Alert>
    );
  }
  // Each component changes only data that read as its own shape; anything else is left alone.
  const change = <S extends SpecialComponentSection>(update: (current: SpecialData[S]) => SpecialData[S]) =>
    onChange((current) => {
      const latest = readSpecialData(section, current);
      return latest.ok ? update(latest.data as SpecialData[S]) : current;
    });

  switch (section) {
    case 'assessment':
      return <ProblemList data={reading.data as SpecialData['assessment']} onChange={change<'assessment'>} />;
    case 'labs':
      return <LabsTable data={reading.data as SpecialData['labs']} onChange={change<'labs'>} />;
    case 'billing':
      return <BillingCodes data={reading.data as SpecialData['billing']} onChange={change<'billing'>} />;
    case 'reminders':
      return <RemindersChecklist data={reading.data as SpecialData['reminders']} onChange={change<'reminders'>} />;
    case 'attending':
      return <AttendingAttestation data={reading.data as SpecialData['attending']} onChange={change<'attending'>} />;
  }
}
