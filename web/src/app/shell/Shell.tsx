// The signed-in chrome around every page: the top bar (hidden on full-screen routes), the page itself, the
// dialogs the top bar opens, the realtime connection and the daily backup.
import type { RealtimeEvent } from '@chartside/shared';
import { Box } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { searchKeys } from '../../features/home/queries';
import { patientChangedElsewhere } from '../../features/patient/queries';
import { resourceKeys } from '../../features/resources/queries';
import { sessionKeys } from '../../features/sessions/queries';
import { UnsavedDraftsDialog } from '../../platform/auth/UnsavedDraftsDialog';
import { SignOutContext, useSignOutFlow } from '../../platform/auth/use-sign-out';
import { useDailyBackup } from '../../platform/daily-backup';
import { usePlatform } from '../../platform/platform-context';
import { useRealtime } from '../../platform/realtime/use-realtime';
import { meKeys, useMe } from '../../platform/user-document';
import { isRouteHandle } from '../route-handle';
import { PlannedDialog } from './PlannedDialog';
import classes from './shell.module.css';
import { TopBar, type ShellDialog } from './TopBar';

// The dialog's form, selects and tag input load with the resources chunk, the first time it opens.
const CreateResourceDialog = lazy(async () => ({
  default: (await import('../../features/resources/components/CreateResourceDialog')).CreateResourceDialog,
}));

export function Shell() {
  const queryClient = useQueryClient();
  const { session } = usePlatform();
  const { signOut, question: unsavedDrafts } = useSignOutFlow();
  const [dialog, setDialog] = useState<ShellDialog>();
  const hideTopBar = useMatches().some((match) => isRouteHandle(match.handle) && match.handle.hideTopBar === true);
  const me = useMe();
  useDailyBackup(me.data?.userId, me.dataUpdatedAt);

  useRealtime({
    onEvent: (event: RealtimeEvent) => {
      if (event.type === 'user.updated') void queryClient.invalidateQueries({ queryKey: meKeys.all });
      // An open resource refetches; its autosave merges the newer copy with unsaved edits.
      if (event.type === 'resource.updated') {
        void queryClient.invalidateQueries({ queryKey: resourceKeys.all });
        void queryClient.invalidateQueries({ queryKey: searchKeys.all });
      }
      // The panel refetches when a patient was written or deleted elsewhere; an open patient only when its copy is older.
      if (event.type === 'patient.updated') patientChangedElsewhere(queryClient, event);
      if (event.type === 'session.ended') {
        // This browser's session was signed out elsewhere (the Sessions page of another device, terminate-all).
        if (event.sessionId === session.id()) void session.end();
        else void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      }
    },
    onReconnect: () => void queryClient.invalidateQueries(),
  });

  return (
    <>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      {!hideTopBar && (
        <div className={classes.topBar}>
          <TopBar onOpenDialog={setDialog} onLogout={() => void signOut()} />
        </div>
      )}
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        <SignOutContext value={signOut}>
          <Outlet />
        </SignOutContext>
      </Box>
      <UnsavedDraftsDialog question={unsavedDrafts} />
      {dialog === 'new-resource' && (
        <Suspense>
          <CreateResourceDialog opened onClose={() => setDialog(undefined)} />
        </Suspense>
      )}
      <PlannedDialog
        opened={dialog === 'text-transformer'}
        title="Text Transformer"
        purpose="Paste text, or add an image, and have the AI rewrite it the way you ask."
        onClose={() => setDialog(undefined)}
      />
    </>
  );
}
