// Shown when a route fails to load (a chunk that cannot be fetched, a loader that throws).
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

const describe = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
};

export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" maw={520}>
        <Title order={1}>Chartside ran into a problem</Title>
        <Text ta="center">{describe(error)}</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
