// Home (spec section 2): search and the home lists come in a later release; until then, who is signed in.
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { PageFrame } from '../../../components/PageFrame';
import { useMe } from '../queries';

function SignedInAs() {
  const me = useMe();
  if (me.isPending) return <Loader size="sm" aria-label="Loading your account" />;
  if (me.isError) {
    return (
      <Alert color="red" title="Could not load your account">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{me.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <Text>Signed in as {me.data.email}</Text>;
}

export function HomePage() {
  return (
    <PageFrame title="Home">
      <SignedInAs />
      <Text c="dimmed">Search across your resources and your home lists will appear here in a later release.</Text>
    </PageFrame>
  );
}
