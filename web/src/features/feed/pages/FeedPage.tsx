// /feed: the user's feed items, newest first. Unread/All, the source and 'Matching my keywords' are in the URL, so a
// reload or a shared link keeps the view. Each item opens its article in a new tab (marking it read) and has its own
// read/unread toggle; 'Mark all read' and the manual update ('Update feed') act on the whole feed.
import type { FeedItem, FeedSource } from '@chartside/shared';
import { Alert, Anchor, Button, Group, Loader, Paper, SegmentedControl, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useFeedItems, useFeedSettings, useMarkAllRead, useRefreshFeed, useSetRead } from '../queries';
import { summaryHtml } from '../summary-html';

const published = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function FeedItemCard({ item, source }: { item: FeedItem; source: string }) {
  const setRead = useSetRead();
  const toggle = () => setRead.mutate({ id: item.id, read: !item.read });
  return (
    <Paper withBorder p="md" component="article" aria-label={item.title} data-read={item.read}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" fw={item.read ? 500 : 700}>
              {item.link ? (
                <Anchor href={item.link} target="_blank" rel="noopener noreferrer" onClick={() => !item.read && setRead.mutate({ id: item.id, read: true })}>
                  {item.title}
                </Anchor>
              ) : (
                item.title
              )}
            </Title>
            <Text size="sm" c="dimmed">
              {source} · {published(item.published)}
              {item.read ? '' : ' · Unread'}
            </Text>
          </Stack>
          <Button size="xs" variant="default" onClick={toggle} aria-label={`${item.read ? 'Mark unread' : 'Mark read'}: ${item.title}`} style={{ flexShrink: 0 }}>
            {item.read ? 'Mark unread' : 'Mark read'}
          </Button>
        </Group>
        {item.summary && <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: summaryHtml(item.summary) }} />}
      </Stack>
    </Paper>
  );
}

function SourceErrors({ sources }: { sources: FeedSource[] }) {
  const failing = sources.filter((s) => s.status?.error);
  if (failing.length === 0) return null;
  return (
    <Alert color="yellow" title={failing.length === 1 ? 'One source could not be updated' : `${failing.length} sources could not be updated`}>
      <Stack gap={4}>
        {failing.map((s) => (
          <Text size="sm" key={s.id}>
            {s.title}: {s.status!.error}
          </Text>
        ))}
        <Anchor component={Link} to="/feed/settings" size="sm">
          Feed settings
        </Anchor>
      </Stack>
    </Alert>
  );
}

export function FeedPage() {
  const items = useFeedItems();
  const settings = useFeedSettings();
  const refresh = useRefreshFeed();
  const markAll = useMarkAllRead();
  const [params, setParams] = useSearchParams();
  const show = params.get('show') === 'all' ? 'all' : 'unread';
  const sourceId = params.get('source') ?? '';
  const keywordsOnly = params.get('keywords') === '1';
  const setParam = (name: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    }, { replace: true });

  const sources = settings.data?.sources ?? [];
  const sourceTitle = new Map(sources.map((s) => [s.id, s.title]));
  const shown = (items.data ?? []).filter((item) => (show === 'all' || !item.read) && (!sourceId || item.sourceId === sourceId) && (!keywordsOnly || item.keywords.length > 0));
  const unread = (items.data ?? []).filter((item) => !item.read).length;

  const update = () =>
    refresh.mutate(undefined, {
      onSuccess: ({ added, sources: outcomes }) => {
        const failed = outcomes.filter((o) => o.error).length;
        notifications.show({
          color: failed ? 'yellow' : 'green',
          message: `${added === 1 ? '1 new item' : `${added} new items`}${failed ? `; ${failed === 1 ? '1 source' : `${failed} sources`} could not be updated` : ''}.`,
        });
      },
      onError: (error) => notifications.show({ color: 'red', message: `Update failed: ${error.message}` }),
    });

  return (
    <PageFrame
      title="Feed"
      actions={
        <Group gap="xs">
          <Button variant="default" component={Link} to="/feed/settings">
            Feed settings
          </Button>
          <Button onClick={update} loading={refresh.isPending} disabled={sources.length === 0}>
            Update feed
          </Button>
        </Group>
      }
    >
      <QueryErrorAlert query={items} what="the feed" />
      <SourceErrors sources={sources} />
      {settings.data && sources.length === 0 ? (
        <Paper withBorder p="md">
          <Stack gap="xs" align="flex-start">
            <Text>No sources yet. Pick journals, guideline bodies and drug-safety alerts, or add any RSS, Atom or JSON feed.</Text>
            <Button component={Link} to="/feed/settings">
              Choose sources
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label="Show"
              value={show}
              onChange={(value) => setParam('show', value === 'all' ? 'all' : undefined)}
              data={[
                { value: 'unread', label: `Unread (${unread})` },
                { value: 'all', label: 'All' },
              ]}
            />
            <Select
              label="Source"
              placeholder="All sources"
              clearable
              value={sourceId || null}
              onChange={(value) => setParam('source', value ?? undefined)}
              data={sources.map((s) => ({ value: s.id, label: s.title }))}
              w={240}
            />
            <Switch label="Matching my keywords" checked={keywordsOnly} onChange={(e) => setParam('keywords', e.currentTarget.checked ? '1' : undefined)} mb={8} />
            <Button variant="subtle" onClick={() => markAll.mutate()} loading={markAll.isPending} disabled={unread === 0} ml="auto">
              Mark all read
            </Button>
          </Group>
          {items.isPending ? (
            <Loader aria-label="Loading the feed" />
          ) : shown.length === 0 ? (
            <Text c="dimmed">{show === 'unread' ? 'No unread items.' : 'No items yet. Update feed fetches your sources now.'}</Text>
          ) : (
            <Stack gap="sm" component="section" aria-label="Feed items">
              {shown.map((item) => (
                <FeedItemCard key={item.id} item={item} source={sourceTitle.get(item.sourceId) ?? 'Removed source'} />
              ))}
            </Stack>
          )}
        </>
      )}
    </PageFrame>
  );
}
