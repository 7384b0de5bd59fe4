// The attending of a patient (the sidebar and the attending section use it): suggestions from the user's attendings;
// a name not on that list yet is added to it when committed (blur or Enter), so it is suggested next time.
import { addAttending, normalizeAttending } from '@chartside/shared';
import { Autocomplete } from '@mantine/core';
import { useMe } from '../../../../platform/user-document';
import { useAddAttending } from './use-add-attending';
import { comboboxProps } from '../../../../components/combobox-props';

export interface AttendingAutocompleteProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
}

export function AttendingAutocomplete({ value, onChange, label }: AttendingAutocompleteProps) {
  const attendings = useMe().data?.attendings ?? [];
  const save = useAddAttending();

  const commit = (typed: string) => {
    const name = normalizeAttending(typed);
    if (name !== typed) onChange(name);
    if (addAttending(attendings, name) !== attendings) save.mutate(name);
  };

  return (
    <Autocomplete
      label={label}
      placeholder="Name of the attending"
      data={[...new Set(attendings)]}
      value={value}
      onChange={onChange}
      onBlur={(event) => commit(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        // Enter may also pick a highlighted suggestion: read the input once the pick has landed in it.
        const input = event.currentTarget;
        setTimeout(() => commit(input.value));
      }}
      comboboxProps={comboboxProps}
    />
  );
}
