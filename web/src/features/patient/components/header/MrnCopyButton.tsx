// The MRN in the header: a click copies it. With the cprs setting on it is shown (and copied) formatted as CPRS shows
// it ('123-45-6789'); otherwise as typed. It sits among the header's inputs, so it carries the same small label.
import { mrnForDisplay } from '@chartside/shared';
import { Button, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '../../../../components/icons';
import { useCopyText } from '../../../../components/use-copy-text';

export function MrnCopyButton({ mrn, cprs }: { mrn: string; cprs: boolean }) {
  const { copied, copy } = useCopyText();
  const shown = mrnForDisplay(mrn, cprs);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} aria-hidden>
        MRN
      </Text>
      {mrn.trim() ? (
        <Button
          variant="default"
          size="sm"
          onClick={() => void copy(shown)}
          aria-label={copied ? `MRN ${shown} copied` : `Copy MRN ${shown}`}
          rightSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          styles={{ label: { fontVariantNumeric: 'tabular-nums' } }}
        >
          {copied ? 'Copied' : shown}
        </Button>
      ) : (
        <Text size="sm" c="dimmed" lh="36px">
          No MRN
        </Text>
      )}
    </Stack>
  );
}
