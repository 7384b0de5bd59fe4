// Full-page error when Chartside cannot start (its /config.json is missing or wrong): never a blank screen.
import { Button, Center, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

export interface StartupErrorPageProps {
  message: string;
}

export function StartupErrorPage({ message }: StartupErrorPageProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Center mih="100dvh" p="md">
        <Stack align="center" maw={560} role="alert">
          <Title order={1}>Chartside could not start</Title>
          <Text ta="center">Chartside could not load its configuration: {message}</Text>
          <Button onClick={() => window.location.reload()}>Try again</Button>
        </Stack>
      </Center>
    </MantineProvider>
  );
}
