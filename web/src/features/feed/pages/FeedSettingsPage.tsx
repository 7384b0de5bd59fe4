// /feed/settings: which sources the feed follows (presets of clinical journals, guideline bodies and drug-safety alerts,
// and any RSS, Atom or JSON feed address) and the keywords that mark items. Edits are kept on the page until Save; each
// saved source shows its last update or its error. Notifications of items matching the keywords are switched per device.
import { FEED_PRESETS, FeedSourceInput, MAX_FEED_KEYWORDS, MAX_FEED_SOURCES, type FeedSettings, type FeedSource } from '@chartside/shared';
import { ActionIcon, Alert, Button, Checkbox, Group, Loader, Paper, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { PushSwitch } from '../components/PushSwitch';
import { useFeedSettings, useSaveFeedSettings } from '../queries';

interface Draft {
  sources: FeedSourceInput[];
  keywords: string[];
}

const kinds = [...new Set(FEED_PRESETS.map((p) => p.kind))];
const isPreset = (url: string) => FEED_PRESETS.some((p) => p.url === url);

function SourceStatus({ source }: { source: FeedSource | undefined }) {
  if (!source?.status) return <Text size="xs" c="dimmed">Not updated yet</Text>;
  if (source.status.error) return <Text size="xs" c="red.8">{source.status.error}</Text>;
  return (
    <Text size="xs" c="dimmed">
      {source.status.itemCount} items · updated {new Date(source.status.checkedAt).toLocaleString()}
    </Text>
  );
}

function AddSourceForm({ onAdd, taken }: { onAdd: (source: FeedSourceInput) => void; taken: (url: string) => boolean }) {
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = FeedSourceInput.safeParse({ title: title || url, url });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the address.');
    if (taken(parsed.data.url)) return setError('That address is already in your sources.');
    onAdd(parsed.data);
    setTitle('');
    setUrl('');
    setError(undefined);
  };
  return (
    <form onSubmit={submit} aria-label="Add a source">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput label="Feed address" placeholder="https://…/rss.xml" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={error} style={{ flex: '2 1 260px' }} />
        <TextInput label="Name" placeholder="Shown in the feed" value={title} onChange={(e) => setTitle(e.currentTarget.value)} style={{ flex: '1 1 160px' }} />
        <Button type="submit" variant="default" mt={25}>
          Add source
        </Button>
      </Group>
    </form>
  );
}

function SettingsForm({ saved }: { saved: FeedSettings }) {
  const save = useSaveFeedSettings();
  const [draft, setDraft] = useState<Draft>({ sources: saved.sources.map(({ url, title }) => ({ url, title })), keywords: saved.keywords });
  const savedByUrl = new Map(saved.sources.map((s) => [s.url, s]));
  const has = (url: string) => draft.sources.some((s) => s.url === url);
  const toggle = (source: FeedSourceInput, on: boolean) =>
    setDraft((d) => ({ ...d, sources: on ? [...d.sources, source] : d.sources.filter((s) => s.url !== source.url) }));
  const custom = draft.sources.filter((s) => !isPreset(s.url));
  const tooMany = draft.sources.length > MAX_FEED_SOURCES;

  const submit = () =>
    save.mutate(
      { version: saved.version, ...draft },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Feed settings saved.' }),
        onError: (error) => notifications.show({ color: 'red', message: `Update failed: ${error.message}` }),
      },
    );

  return (
    <Stack gap="lg">
      {kinds.map((kind) => (
        <Paper withBorder p="md" key={kind} component="section" aria-label={kind}>
          <Title order={2} size="h4" mb="sm">
            {kind}
          </Title>
          <Stack gap="sm">
            {FEED_PRESETS.filter((p) => p.kind === kind).map((preset) => (
              <div key={preset.url}>
                <Checkbox label={preset.title} checked={has(preset.url)} onChange={(e) => toggle({ url: preset.url, title: preset.title }, e.currentTarget.checked)} />
                {has(preset.url) && savedByUrl.has(preset.url) && (
                  <div style={{ marginLeft: 32 }}>
                    <SourceStatus source={savedByUrl.get(preset.url)} />
                  </div>
                )}
              </div>
            ))}
          </Stack>
        </Paper>
      ))}
      <Paper withBorder p="md" component="section" aria-label="Your own sources">
        <Title order={2} size="h4" mb="sm">
          Your own sources
        </Title>
        <Stack gap="sm">
          {custom.length === 0 && <Text size="sm" c="dimmed">Any RSS, Atom or JSON feed address.</Text>}
          {custom.map((source) => (
            <Group key={source.url} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={500}>{source.title}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {source.url}
                </Text>
                <SourceStatus source={savedByUrl.get(source.url)} />
              </Stack>
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${source.title}`} onClick={() => toggle(source, false)}>
                ✕
              </ActionIcon>
            </Group>
          ))}
          <AddSourceForm onAdd={(source) => toggle(source, true)} taken={has} />
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-label="Keywords">
        <Title order={2} size="h4" mb="sm">
          Keywords
        </Title>
        <TagsInput
          label="Items that mention one of these are marked, and can be shown alone"
          placeholder="Type a keyword and press Enter"
          value={draft.keywords}
          onChange={(keywords) => setDraft((d) => ({ ...d, keywords: keywords.map((k) => k.trim()).filter(Boolean) }))}
          maxTags={MAX_FEED_KEYWORDS}
          clearable
        />
      </Paper>
      <Paper withBorder p="md" component="section" aria-label="Notifications">
        <Title order={2} size="h4" mb="sm">
          Notifications
        </Title>
        <PushSwitch hasKeywords={saved.keywords.length > 0} />
      </Paper>
      {tooMany && <Alert color="red">At most {MAX_FEED_SOURCES} sources.</Alert>}
      <Group>
        <Button onClick={submit} loading={save.isPending} disabled={tooMany}>
          Save
        </Button>
        <Button variant="default" component={Link} to="/feed">
          Back to the feed
        </Button>
      </Group>
    </Stack>
  );
}

export function FeedSettingsPage() {
  const settings = useFeedSettings();
  return (
    <PageFrame title="Feed Settings">
      <QueryErrorAlert query={settings} what="the feed settings" />
      {settings.data ? <SettingsForm key={settings.data.version} saved={settings.data} /> : settings.isPending && <Loader aria-label="Loading the feed settings" />}
    </PageFrame>
  );
}
