// Everything the installable app has to say, pinned to the bottom of the screen above the page: the update
// prompt and its notices in a column (full width on a phone), and the offline banner along the bottom edge.
import { Box, Stack } from '@mantine/core';
import { useState } from 'react';
import { getAppUpdater, type AppUpdater } from './app-updater';
import { OFFLINE_BANNER_HEIGHT, OfflineBanner } from './OfflineBanner';
import { OfflineReadyNotice } from './OfflineReadyNotice';
import classes from './pwa-notices.module.css';
import { createPwaFlags, type PwaFlags } from './pwa-flags';
import { UpdatedNotice } from './UpdatedNotice';
import { UpdatePrompt } from './UpdatePrompt';
import { useOnline } from '../connectivity/use-online';

export interface PwaNoticesProps {
  updater?: AppUpdater;
  flags?: PwaFlags;
}

/** Above page content and Mantine modals (200), below Mantine notifications (400). */
const Z_INDEX = 300;

export function PwaNotices({ updater: givenUpdater, flags: givenFlags }: PwaNoticesProps) {
  const [updater] = useState(() => givenUpdater ?? getAppUpdater());
  const [flags] = useState(() => givenFlags ?? createPwaFlags());
  const online = useOnline();
  return (
    <>
      {/* Room at the end of the page for the offline banner, so it covers nothing. */}
      {!online && <Box h={OFFLINE_BANNER_HEIGHT} aria-hidden />}
      <Box pos="fixed" left={0} right={0} bottom={0} className={classes.notices} style={{ zIndex: Z_INDEX, pointerEvents: 'none' }}>
        <Stack gap="xs" p="sm" maw={440}>
          <UpdatedNotice flags={flags} />
          <OfflineReadyNotice updater={updater} flags={flags} />
          <UpdatePrompt updater={updater} flags={flags} />
        </Stack>
        <OfflineBanner />
      </Box>
    </>
  );
}
