// The signed-in chrome around every page: the top bar (hidden on full-screen routes), the page itself, the
// dialogs the top bar opens, the realtime connection (its events also handed to the page's parts through the realtime
// bus) and the daily backup.
import type { RealtimeEvent } from '@chartside/shared';
import { Box } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useMatch, useMatches } from 'react-router';
import { chatChangedElsewhere } from '../../features/chat/chat-keys';
import { feedChangedElsewhere } from '../../features/feed/queries';
import { searchKeys } from '../../features/home/queries';
import { patientChangedElsewhere } from '../../features/patient/queries';
import { admissionKeys } from '../../features/admissions/queries';
import { resourceKeys } from '../../features/resources/queries';
import { sessionKeys } from '../../features/sessions/queries';
import { UnsavedDraftsDialog } from '../../platform/auth/UnsavedDraftsDialog';
import { SignOutContext, useSignOutFlow } from '../../platform/auth/use-sign-out';
import { useDailyBackup } from '../../platform/daily-backup';
import { usePlatform } from '../../platform/platform-context';
import { createRealtimeBus, RealtimeBusContext } from '../../platform/realtime/realtime-bus';
import { useRealtime } from '../../platform/realtime/use-realtime';
import { meKeys, useMe } from '../../platform/user-document';
import { isRouteHandle } from '../route-handle';
import classes from './shell.module.css';
import { TopBar, type ShellDialog } from './TopBar';

// The dialog's form, selects and tag input load with the resources chunk, the first time it opens.
const CreateResourceDialog = lazy(async () => ({
  default: (await import('../../features/resources/components/CreateResourceDialog')).CreateResourceDialog,
}));
// The transformer and its export dialog load with their own chunk, the first time it opens.
const TextTransformerDialog = lazy(async () => ({
  default: (await import('../../features/chat/transformer/TextTransformerDialog')).TextTransformerDialog,
}));

export function Shell() {
  const queryClient = useQueryClient();
  const { session } = usePlatform();
  const { signOut, question: unsavedDrafts } = useSignOutFlow();
  const [dialog, setDialog] = useState<ShellDialog>();
  const hideTopBar = useMatches().some((match) => isRouteHandle(match.handle) && match.handle.hideTopBar === true);
  const me = useMe();
  useDailyBackup(me.data?.userId, me.dataUpdatedAt);
  const [realtimeBus] = useState(createRealtimeBus);
  // The patient open on screen is the transformer's first choice for Export to Text Field.
  const openPatientId = useMatch('/panel/:id')?.params.id;

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
      if (event.type === 'chat.updated') chatChangedElsewhere(queryClient, event);
      // A backup was restored (here or on another device): any record on screen may have changed.
      if (event.type === 'data.restored') void queryClient.invalidateQueries();
      if (event.type === 'feed.updated') feedChangedElsewhere(queryClient, event);
      // An open admission note refetches; its autosave merges the newer copy with unsaved edits.
      if (event.type === 'admission.updated') void queryClient.invalidateQueries({ queryKey: admissionKeys.all });
      if (event.type === 'session.ended') {
        // This browser's session was signed out elsewhere (the Sessions page of another device, terminate-all).
        if (event.sessionId === session.id()) void session.end();
        else void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      }
      realtimeBus.publish(event);
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
          <RealtimeBusContext value={realtimeBus}>
            <Outlet />
          </RealtimeBusContext>
        </SignOutContext>
      </Box>
      <UnsavedDraftsDialog question={unsavedDrafts} />
      {dialog === 'new-resource' && (
        <Suspense>
          <CreateResourceDialog opened onClose={() => setDialog(undefined)} />
        </Suspense>
      )}
      {dialog === 'text-transformer' && (
        <Suspense>
          <TextTransformerDialog opened onClose={() => setDialog(undefined)} patientId={openPatientId} />
        </Suspense>
      )}
    </>
  );
}
