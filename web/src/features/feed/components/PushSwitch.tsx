// Feed notifications on this device: a switch that asks for notification permission, subscribes the browser to web push
// with the server's key and stores the subscription (or removes both). It acts at once, apart from the form's Save.
import { Alert, Loader, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { pushSupported } from '../push-subscription';
import { usePushState, useSetPush } from '../queries';

const LABEL = 'Notify me of new items matching my keywords';

export function PushSwitch({ hasKeywords }: { hasKeywords: boolean }) {
  const state = usePushState();
  const setPush = useSetPush();
  const [problem, setProblem] = useState<string>();

  if (!pushSupported()) return <Text size="sm">This browser cannot show notifications from web apps. On an iPhone or iPad, add Chartside to the home screen first.</Text>;
  if (state.isPending) return <Loader size="sm" aria-label="Checking notifications" />;
  if (state.isError) return <Alert color="red">Could not check notifications: {state.error.message}</Alert>;
  const { publicKey, on } = state.data;
  if (!publicKey) return <Text size="sm">Notifications are not set up on this server.</Text>;

  const flip = (next: boolean) => {
    setProblem(undefined);
    setPush.mutate({ on: next, publicKey }, { onError: (error) => setProblem(error.message) });
  };
  return (
    <Stack gap="xs">
      <Switch
        label={LABEL}
        aria-label={LABEL}
        description="On this device: a notification when an update finds new items that mention one of your keywords."
        checked={setPush.isPending ? Boolean(setPush.variables?.on) : on}
        disabled={setPush.isPending}
        onChange={(event) => flip(event.currentTarget.checked)}
      />
      {on && !hasKeywords && <Text size="sm" c="orange.9">Add a keyword above and save: without keywords no item matches, so nothing is notified.</Text>}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
