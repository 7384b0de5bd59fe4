// What a screen shows when a chat could not be started: the server's reason and a way to try again.
import { Alert, Button, Stack, Text, type AlertProps } from '@mantine/core';

export function ChatStartFailed({ message, onRetry, ...alert }: { message: string; onRetry: () => void } & Omit<AlertProps, 'title' | 'color' | 'children'>) {
  return (
    <Alert color="red" title="Could not start a chat" {...alert}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
