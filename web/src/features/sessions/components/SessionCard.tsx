// One login session: where and when it was used, its type and expiry, and a Sign out button while it is live.
import type { Session } from '@chartside/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { deviceDetails, deviceName, expiryText, formatDateTime, locationName, typeName } from '../session-format';

export interface SessionCardProps {
  session: Session;
  live: boolean;
  pending?: boolean;
  onSignOut?: () => void;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {value}
      </Text>
    </div>
  );
}

export function SessionCard({ session, live, pending = false, onSignOut }: SessionCardProps) {
  const headingId = useId();
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={headingId} style={{ listStyle: 'none' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} size="h4" id={headingId}>
              {deviceName(session)}
            </Title>
            {session.isCurrentSession && <Badge variant="light">This browser</Badge>}
            {!live && (
              <Badge variant="light" color="gray">
                Signed out
              </Badge>
            )}
          </Group>
          {live && onSignOut && (
            <Button variant="default" size="xs" loading={pending} onClick={onSignOut}>
              Sign out
            </Button>
          )}
        </Group>
        <SimpleGrid component="dl" m={0} cols={{ base: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
          <Field label="Device" value={deviceDetails(session)} />
          <Field label="Location" value={locationName(session.location)} />
          <Field label="Type" value={typeName(session)} />
          <Field label="Signed in" value={formatDateTime(session.createdAt)} />
          <Field label="Last access" value={formatDateTime(session.lastAccess)} />
          <Field label="Expires" value={expiryText(session)} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
