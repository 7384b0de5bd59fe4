// Home (spec section 2): the home lists, a box to create an article from its DOI, and the search of the library.
import type { HomeListChange } from '@chartside/shared';
import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { CreateByDoi } from '../components/CreateByDoi';
import { HomeLists } from '../components/HomeLists';
import { SearchPanel } from '../components/SearchPanel';
import { useChangeHomeLists, useMe } from '../queries';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={id} h="100%">
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function HomePage() {
  const me = useMe();
  const lists = me.data?.homeLists ?? [];
  const changeLists = useChangeHomeLists();
  const change = (listChange: HomeListChange) =>
    changeLists.mutate(listChange, {
      onError: (error) => notifications.show({ color: 'red', title: 'Your home lists were not saved', message: error.message }),
    });

  return (
    <PageFrame
      title="Home"
      size="lg"
      actions={
        // One line kept for the account from the first frame (on a phone, under the title), so nothing below moves
        // when it arrives.
        <Text size="sm" c="dimmed" truncate w={{ base: '100%', sm: 'auto' }} aria-hidden={me.data ? undefined : true}>
          {me.data ? `Signed in as ${me.data.email}` : '\u00a0'}
        </Text>
      }
    >
      <QueryErrorAlert query={me} what="your account" />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Section id="home-lists" title="Home lists">
            <HomeLists lists={me.isPending ? undefined : lists} onChange={change} />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Section id="home-doi" title="New article from a DOI">
            <CreateByDoi />
          </Section>
        </Grid.Col>
      </Grid>
      <Section id="home-search" title="Search your library">
        <SearchPanel lists={lists} onAddToList={(index, item) => change({ kind: 'add-item', list: { index, name: lists[index]?.name ?? '' }, item })} />
      </Section>
    </PageFrame>
  );
}
