// A titled section of the resource page that folds away: the title button carries its count and aria-expanded.
import { Box, Collapse, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { IconChevron } from '../../../components/icons';

export interface CollapsibleSectionProps {
  title: string;
  count: number;
  children: ReactNode;
  defaultOpen?: boolean;
}

export function CollapsibleSection({ title, count, children, defaultOpen = true }: CollapsibleSectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Text component="h2" size="lg" fw={600} m={0} id={headingId}>
        <UnstyledButton onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={bodyId} w="100%">
          <Group gap="xs" wrap="nowrap">
            <IconChevron open={open} />
            <span>
              {title} ({count})
            </span>
          </Group>
        </UnstyledButton>
      </Text>
      <Collapse expanded={open} id={bodyId}>
        <Box pt="sm">{children}</Box>
      </Collapse>
    </Paper>
  );
}
