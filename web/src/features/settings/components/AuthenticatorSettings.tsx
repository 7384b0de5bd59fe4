// The authenticator app (TOTP): its status, setting one up (QR code, secret, first code) and turning it off,
// which is not offered when the deployment requires MFA.
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { TotpSetupForm } from '../../../components/TotpSetupForm';
import { confirmAuthenticatorSetup, startAuthenticatorSetup, turnOffAuthenticator } from '../../../platform/auth/authenticator';
import { signInErrorMessage } from '../../../platform/auth/sign-in-error-message';
import type { TotpSetup } from '../../../platform/auth/sign-in';
import { mfaKeys, useAuthenticatorStatus } from '../queries';

export interface AuthenticatorSettingsProps {
  email: string;
  /** The deployment requires a second factor: it cannot be turned off. */
  required: boolean;
}

type Busy = 'starting' | 'verifying' | 'turning-off' | undefined;

export function AuthenticatorSettings({ email, required }: AuthenticatorSettingsProps) {
  const queryClient = useQueryClient();
  const status = useAuthenticatorStatus();
  const [setup, setSetup] = useState<TotpSetup>();
  const [busy, setBusy] = useState<Busy>();
  const [confirmOff, setConfirmOff] = useState(false);

  const run = async (what: Busy, action: () => Promise<void>, failure: string) => {
    setBusy(what);
    try {
      await action();
    } catch (error) {
      notifications.show({ color: 'red', title: failure, message: signInErrorMessage(error) });
    } finally {
      setBusy(undefined);
    }
  };

  const start = () => run('starting', async () => setSetup(await startAuthenticatorSetup(email)), 'Could not start the set-up');

  const verify = (code: string) =>
    run(
      'verifying',
      async () => {
        await confirmAuthenticatorSetup(code);
        setSetup(undefined);
        await queryClient.invalidateQueries({ queryKey: mfaKeys.all });
        notifications.show({ title: 'Authenticator app set up', message: 'Sign-in now asks for a 6-digit code from the app.' });
      },
      'The authenticator app was not set up',
    );

  const turnOff = () =>
    run(
      'turning-off',
      async () => {
        await turnOffAuthenticator();
        setConfirmOff(false);
        await queryClient.invalidateQueries({ queryKey: mfaKeys.all });
        notifications.show({ title: 'Authenticator app turned off', message: 'Sign-in asks only for your email and password.' });
      },
      'The authenticator app is still on',
    );

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Title order={3} size="h4">
          Authenticator app
        </Title>
        {status.data !== undefined && (
          <Badge color={status.data ? 'green' : 'gray'} variant="light">
            {status.data ? 'On' : 'Off'}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        A 6-digit code from an app on your phone, asked for at each sign-in after your password.
      </Text>
      {status.isPending && <Loader size="sm" aria-label="Checking your authenticator app" />}
      {status.isError && <Text size="sm">Could not check your authenticator app: {signInErrorMessage(status.error)}</Text>}

      {status.data === false && !setup && (
        <Group>
          <Button onClick={() => void start()} loading={busy === 'starting'}>
            Set up authenticator app
          </Button>
        </Group>
      )}
      {setup && (
        <Paper withBorder p="md" maw={420}>
          <TotpSetupForm
            uri={setup.uri}
            secret={setup.secret}
            pending={busy === 'verifying'}
            onVerify={(code) => void verify(code)}
            onCancel={() => setSetup(undefined)}
          />
        </Paper>
      )}
      {status.data === true &&
        (required ? (
          <Text size="sm">Your organization requires an authenticator app, so it stays on.</Text>
        ) : (
          <Group>
            <Button variant="default" color="red" onClick={() => setConfirmOff(true)}>
              Turn off authenticator app
            </Button>
          </Group>
        ))}

      <ConfirmDialog
        opened={confirmOff}
        title="Turn off the authenticator app?"
        confirmLabel="Turn off"
        pending={busy === 'turning-off'}
        onConfirm={() => void turnOff()}
        onCancel={() => setConfirmOff(false)}
      >
        <Text>Sign-in will ask only for your email and password. You can set up an authenticator app again at any time.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
