// /settings: the preference switches (kept in the user document, applied live on the user's other devices),
// security (the authenticator app), the nightly backups (preview and restore), the user's activity (the audit trail of
// patient data), and the pages for sessions and tags.
import { Anchor, Divider, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { usePlatform } from '../../../platform/platform-context';
import { useMe } from '../../../platform/user-document';
import { ActivityTrail } from '../components/ActivityTrail';
import { AuthenticatorSettings } from '../components/AuthenticatorSettings';
import { BackupsSettings } from '../components/BackupsSettings';
import { PreferenceSwitches } from '../components/PreferenceSwitches';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="lg" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function SettingsPage() {
  const me = useMe();
  const { config } = usePlatform();

  return (
    <PageFrame title="Settings">
      {me.isPending && <Loader aria-label="Loading your settings" />}
      <QueryErrorAlert query={me} what="your settings" />
      {me.data && (
        <>
          <Section id="settings-preferences" title="Preferences">
            <Text size="sm" c="dimmed">
              Saved to your account and applied on all your devices.
            </Text>
            <PreferenceSwitches document={me.data} />
          </Section>
          <Section id="settings-security" title="Security">
            <Text size="sm">Signed in as {me.data.email}</Text>
            <Divider />
            <AuthenticatorSettings email={me.data.email} required={config.mfa === 'required'} />
          </Section>
          <Section id="settings-backups" title="Backups">
            <BackupsSettings />
          </Section>
          <Section id="settings-activity" title="Activity">
            <ActivityTrail />
          </Section>
          <Section id="settings-more" title="Sessions and tags">
            <Stack gap={4}>
              <Anchor component={Link} to="/sessions">
                Sessions
              </Anchor>
              <Text size="sm" c="dimmed">
                See every browser where you are signed in, and sign any of them out.
              </Text>
            </Stack>
            <Stack gap={4}>
              <Anchor component={Link} to="/tags">
                Tags
              </Anchor>
              <Text size="sm" c="dimmed">
                Rename, merge and delete your resource and patient tags.
              </Text>
            </Stack>
          </Section>
        </>
      )}
    </PageFrame>
  );
}
