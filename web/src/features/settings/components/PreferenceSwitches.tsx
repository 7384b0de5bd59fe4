// The four preference switches of the user document, each saved as soon as it is flipped.
import type { UserDocument } from '@chartside/shared';
import { Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSavePreference, type PreferenceKey } from '../queries';

const preferences: { key: PreferenceKey; label: string; description: string }[] = [
  { key: 'cprs', label: 'CPRS record numbers', description: "Show each patient's MRN in CPRS format; clicking it copies the formatted number." },
  { key: 'inpatient', label: 'Inpatient', description: 'Show a room for each patient instead of an appointment time, and no follow-up field.' },
  { key: 'showTimeTracker', label: 'Time tracker', description: 'Show the time-tracker bar at the bottom of each patient.' },
  { key: 'showTimeTrackerTimes', label: 'Time tracker times', description: 'Show the minutes and seconds counted for each step of the time tracker.' },
];

export function PreferenceSwitches({ document }: { document: UserDocument }) {
  const save = useSavePreference();
  return (
    <Stack gap="md">
      {preferences.map(({ key, label, description }) => (
        <Switch
          key={key}
          label={label}
          description={description}
          // Mantine's <label> wraps the description too; the name is the label alone, the description stays described-by.
          aria-label={label}
          checked={document[key]}
          onChange={(event) =>
            save.mutate(
              { key, value: event.currentTarget.checked },
              {
                onError: (error) => notifications.show({ color: 'red', title: `${label} was not saved`, message: error.message }),
              },
            )
          }
        />
      ))}
    </Stack>
  );
}
