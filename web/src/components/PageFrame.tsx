// The frame of every signed-in page: a width that reads well, and the page's name as its one h1.
import { Container, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: string;
  /** Controls beside the title (a button, a menu). */
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children?: ReactNode;
}

export function PageFrame({ title, actions, size = 'md', children }: PageFrameProps) {
  return (
    <Container size={size} py="lg" px="md">
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1}>{title}</Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
