// /sessions: every login session of the user, the current one marked; sign out any one, or terminate them all.
import { sessionHasEnded, type Session } from '@chartside/shared';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageFrame } from '../../../components/PageFrame';
import { useSignOut } from '../../../platform/auth/use-sign-out';
import { SessionCard } from '../components/SessionCard';
import { useSessions, useSignOutSession } from '../queries';
import { deviceName } from '../session-format';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';

type Confirming = 'this-session' | 'all-sessions' | undefined;

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : 'Something went wrong.');

function SessionList({ sessions, live, onSignOut, pendingId }: { sessions: Session[]; live: boolean; onSignOut?: (s: Session) => void; pendingId?: string }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0}>
      {sessions.map((session) => (
        <SessionCard
          key={session.sessionId}
          session={session}
          live={live}
          pending={pendingId === session.sessionId}
          onSignOut={onSignOut && (() => onSignOut(session))}
        />
      ))}
    </Stack>
  );
}

export function SessionsPage() {
  const sessions = useSessions();
  const signOutOther = useSignOutSession();
  const signOut = useSignOut();
  const [confirming, setConfirming] = useState<Confirming>();
  const [showEnded, setShowEnded] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const leave = async (scope: Exclude<Confirming, undefined>) => {
    setLeaving(true);
    try {
      // No record is open on this page: it stays on it while asking about edits kept on this device.
      await signOut(scope, { stayOnPage: true });
      // Still here: the user chose to stay signed in.
      setLeaving(false);
      setConfirming(undefined);
    } catch (error) {
      setLeaving(false);
      setConfirming(undefined);
      notifications.show({ color: 'red', title: 'Sessions were not terminated', message: errorMessage(error) });
    }
  };

  const signOutSession = (session: Session) => {
    if (session.isCurrentSession) return setConfirming('this-session');
    signOutOther.mutate(session.sessionId, {
      onSuccess: () => notifications.show({ title: 'Session signed out', message: `${deviceName(session)} is signed out of Chartside.` }),
      onError: (error) => notifications.show({ color: 'red', title: 'The session was not signed out', message: errorMessage(error) }),
    });
  };

  const now = new Date();
  const live = sessions.data?.filter((s) => !sessionHasEnded(s, now)) ?? [];
  const ended = sessions.data?.filter((s) => sessionHasEnded(s, now)) ?? [];

  return (
    <PageFrame
      title="Sessions"
      actions={
        <Button color="red" variant="outline" onClick={() => setConfirming('all-sessions')} disabled={!sessions.data}>
          Terminate all sessions
        </Button>
      }
    >
      <Text>Every browser where you signed in to Chartside. Sign out any session you do not recognize.</Text>
      {sessions.isPending && <Loader aria-label="Loading sessions" />}
      <QueryErrorAlert query={sessions} what="your sessions" />
      {sessions.data && (
        <>
          <Stack gap="sm" component="section" aria-labelledby="active-sessions">
            <Title order={2} size="h3" id="active-sessions">
              Signed in ({live.length})
            </Title>
            <SessionList
              sessions={live}
              live
              onSignOut={signOutSession}
              pendingId={signOutOther.isPending ? signOutOther.variables : undefined}
            />
          </Stack>
          {ended.length > 0 && (
            <Stack gap="sm" component="section" aria-labelledby="ended-sessions">
              <Group justify="space-between">
                <Title order={2} size="h3" id="ended-sessions">
                  Signed out ({ended.length})
                </Title>
                <Button variant="subtle" size="xs" onClick={() => setShowEnded((shown) => !shown)} aria-expanded={showEnded} aria-controls="ended-session-list">
                  {showEnded ? 'Hide' : 'Show'}
                </Button>
              </Group>
              {showEnded && (
                <div id="ended-session-list">
                  <SessionList sessions={ended} live={false} />
                </div>
              )}
            </Stack>
          )}
        </>
      )}

      <ConfirmDialog
        opened={confirming === 'this-session'}
        title="Sign out this browser?"
        confirmLabel="Sign out"
        pending={leaving}
        onConfirm={() => void leave('this-session')}
        onCancel={() => setConfirming(undefined)}
      >
        <Text>This is the session you are using now. Signing it out logs you out of Chartside on this browser.</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirming === 'all-sessions'}
        title="Terminate all sessions?"
        confirmLabel="Terminate all sessions"
        pending={leaving}
        onConfirm={() => void leave('all-sessions')}
        onCancel={() => setConfirming(undefined)}
      >
        <Text>
          Every session is signed out, on every device, this browser included. You will need to sign in again everywhere.
        </Text>
      </ConfirmDialog>
    </PageFrame>
  );
}
