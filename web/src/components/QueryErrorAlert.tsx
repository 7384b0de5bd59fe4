// One way to say a load failed, with a retry. When an older copy is on screen (kept for offline use) the clinician is
// told it may be out of date rather than shown a bare error.
import { Alert, Button, Stack, Text } from '@mantine/core';

interface FailedQuery {
  isError: boolean;
  error: Error | null;
  data: unknown;
  refetch: () => unknown;
}

export function QueryErrorAlert({ query, what }: { query: FailedQuery; what: string }) {
  if (!query.isError) return null;
  const showingOlderCopy = query.data !== undefined;
  return (
    <Alert color={showingOlderCopy ? 'yellow' : 'red'} title={showingOlderCopy ? `Showing the last copy of ${what} that loaded` : `Could not load ${what}`}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{query.error?.message}</Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
