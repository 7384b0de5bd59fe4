// Home (spec section 2): search and the home lists come in a later release; until then, who is signed in.
import { Loader, Text } from '@mantine/core';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useMe } from '../queries';

function SignedInAs() {
  const me = useMe();
  if (me.isPending) return <Loader size="sm" aria-label="Loading your account" />;
  return (
    <>
      <QueryErrorAlert query={me} what="your account" />
      {me.data && <Text>Signed in as {me.data.email}</Text>}
    </>
  );
}

export function HomePage() {
  return (
    <PageFrame title="Home">
      <SignedInAs />
      <Text c="dimmed">Search across your resources and your home lists will appear here in a later release.</Text>
    </PageFrame>
  );
}
