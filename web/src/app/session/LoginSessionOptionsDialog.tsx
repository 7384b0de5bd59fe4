// 'Login Session Options' (spec sections 2, 4 and 5): after sign-in, a private (persistent) or public (auto-expiring)
// session. Public sessions end after a preset 2, 6, 12 or 24 hours (24 by default), or a custom whole number of
// minutes (1-10080) or hours (1-168); anything else marks the field red and disables Continue.
import {
  clampExpiryHours,
  DEFAULT_EXPIRY_HOURS,
  expiryPresetHours,
  parseCustomExpiry,
  sessionsContract,
  type ExpiryUnit,
  type Session,
  type sessionTypes,
} from '@chartside/shared';
import { Button, Group, Modal, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../platform/platform-context';

export interface LoginSessionOptionsDialogProps {
  onCreated: (session: Session) => void;
  onCancel: () => void;
}

type SessionType = (typeof sessionTypes)[number];
type Expiry = `${(typeof expiryPresetHours)[number]}` | 'custom';

const limits: Record<ExpiryUnit, string> = {
  minutes: 'Enter a whole number of minutes, from 1 to 10080.',
  hours: 'Enter a whole number of hours, from 1 to 168.',
};

const endTime = (hours: number): string =>
  new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' }).format(Date.now() + hours * 3_600_000);

/** The hours a public session lasts, or undefined while the custom expiry is not valid. */
const chosenHours = (expiry: Expiry, custom: string, unit: ExpiryUnit): number | undefined =>
  expiry === 'custom' ? parseCustomExpiry(custom, unit) : Number(expiry);

export function LoginSessionOptionsDialog({ onCreated, onCancel }: LoginSessionOptionsDialogProps) {
  const api = useApi();
  const [type, setType] = useState<SessionType>('private');
  const [expiry, setExpiry] = useState<Expiry>(`${DEFAULT_EXPIRY_HOURS}` as Expiry);
  const [custom, setCustom] = useState('');
  const [unit, setUnit] = useState<ExpiryUnit>('hours');
  const [pending, setPending] = useState(false);

  const hours = chosenHours(expiry, custom, unit);
  const customInvalid = expiry === 'custom' && custom.trim() !== '' && hours === undefined;
  const canContinue = type === 'private' || hours !== undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canContinue || pending) return;
    setPending(true);
    try {
      const body = {
        type,
        language: navigator.language,
        ...(type === 'public' && hours !== undefined ? { expirationHours: clampExpiryHours(hours) } : {}),
      };
      onCreated(await api.call(sessionsContract.create, { body, handleSessionEnded: false }));
    } catch (error) {
      setPending(false);
      notifications.show({ color: 'red', title: 'Trouble Logging In', message: error instanceof Error ? error.message : 'The session could not be started.' });
    }
  };

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Login Session Options"
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Radio.Group label="How should this browser keep you signed in?" value={type} onChange={(value) => setType(value as SessionType)}>
            <Stack gap="sm" mt="xs">
              <Radio value="private" label="Private (persistent)" description="Your own device: you stay signed in until you log out." />
              <Radio value="public" label="Public (auto-expiring)" description="A shared computer: you are signed out automatically." />
            </Stack>
          </Radio.Group>

          {type === 'public' && (
            <Stack gap="sm">
              <Radio.Group label="Sign out after" value={expiry} onChange={(value) => setExpiry(value as Expiry)}>
                <Group gap="md" mt="xs">
                  {expiryPresetHours.map((preset) => (
                    <Radio key={preset} value={`${preset}`} label={`${preset} hours`} />
                  ))}
                  <Radio value="custom" label="Custom" />
                </Group>
              </Radio.Group>
              {expiry === 'custom' && (
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <TextInput
                    label="Custom expiry"
                    inputMode="numeric"
                    value={custom}
                    onChange={(event) => setCustom(event.currentTarget.value)}
                    error={customInvalid ? limits[unit] : undefined}
                    description={customInvalid ? undefined : unit === 'minutes' ? '1 to 10080 minutes' : '1 to 168 hours'}
                    style={{ flex: 1 }}
                    data-autofocus
                  />
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="expiry-unit-label">
                      Unit
                    </Text>
                    <SegmentedControl
                      aria-labelledby="expiry-unit-label"
                      value={unit}
                      onChange={(value) => setUnit(value as ExpiryUnit)}
                      data={[
                        { value: 'minutes', label: 'Minutes' },
                        { value: 'hours', label: 'Hours' },
                      ]}
                    />
                  </Stack>
                </Group>
              )}
              {hours !== undefined && (
                <Text size="sm" c="dimmed">
                  This browser signs out automatically at {endTime(clampExpiryHours(hours))}.
                </Text>
              )}
            </Stack>
          )}

          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canContinue} loading={pending}>
              Continue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
