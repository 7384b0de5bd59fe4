import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSignOut } from '../../../platform/auth/use-sign-out';
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
  const signOut = useSignOut();
  return (
    <Container size="md" py="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>Home</Title>
          <Button variant="default" onClick={() => void signOut()}>
            Logout
          </Button>
        </Group>
        <SignedInAs />
      </Stack>
    </Container>
  );
}
