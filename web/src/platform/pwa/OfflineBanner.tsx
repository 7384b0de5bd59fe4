// The banner "You're offline" (spec section 8), shown while Chartside cannot reach its server (see connectivity). The
// live region is always there, so a screen reader hears the banner when it appears.
import { Box, Center, Text } from '@mantine/core';
import { useOnline } from '../connectivity/use-online';

/** The banner's height; PwaNotices keeps as much room below the page, so the banner hides none of it. */
export const OFFLINE_BANNER_HEIGHT = 32;

export function OfflineBanner() {
  const online = useOnline();
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
