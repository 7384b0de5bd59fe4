// What an AI surface shows when this deployment has no model for it: the plain sentence, then what to set.
import { Alert, Text } from '@mantine/core';
import { AI_NOT_SET_UP } from '../platform/ai-status';

export function AiNotSetUpAlert({ hint }: { hint: string }) {
  return (
    <Alert color="gray" variant="light" role="status" title={AI_NOT_SET_UP}>
      {hint && <Text size="sm">{hint}</Text>}
    </Alert>
  );
}
