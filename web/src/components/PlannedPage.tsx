// A screen whose feature comes in a later release: its real title and an honest line on what it will hold.
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageFrame } from './PageFrame';

export interface PlannedPageProps {
  title: string;
  /** What the screen will do, in a sentence a clinician understands. */
  purpose: string;
  /** A way out for full-screen pages that have no top bar. */
  backTo?: { to: string; label: string };
}

export function PlannedPage({ title, purpose, backTo }: PlannedPageProps) {
  return (
    <PageFrame title={title}>
      {backTo && (
        <Anchor component={Link} to={backTo.to}>
          {backTo.label}
        </Anchor>
      )}
      <Text>{purpose}</Text>
      <Alert color="gray" variant="light" title="Not available yet">
        This screen arrives in a later release of Chartside.
      </Alert>
    </PageFrame>
  );
}
