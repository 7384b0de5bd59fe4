// The banner "You're offline" (spec section 8), shown while the browser has no network. The live region is always
// there, so a screen reader hears the banner when it appears.
import { Box, Center, Text } from '@mantine/core';
import { useOnlineStatus } from './use-online-status';

/** The banner's height; PwaNotices keeps as much room below the page, so the banner hides none of it. */
export const OFFLINE_BANNER_HEIGHT = 32;

export function OfflineBanner() {
  const online = useOnlineStatus();
  return (
    <Box role="status">
      {!online && (
        <Center bg="dark.7" h={OFFLINE_BANNER_HEIGHT} px="md">
          <Text size="sm" fw={600} c="white">
            You're offline
          </Text>
        </Center>
      )}
    </Box>
  );
}
