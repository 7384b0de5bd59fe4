// The tools' routes: the Tools page lists every tool; each tool has its own page frame until it is built.
import { Anchor, List, Text } from '@mantine/core';
import { Link, type RouteObject } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { PlannedPage } from '../../components/PlannedPage';
import { tools } from './catalogue';

function ToolsPage() {
  return (
    <PageFrame title="Tools">
      <Text>Clinical helper tools, each on its own page. They arrive in later releases of Chartside.</Text>
      <List spacing="xs">
        {tools.map((tool) => (
          <List.Item key={tool.slug}>
            <Anchor component={Link} to={`/tools/${tool.slug}`}>
              {tool.title}
            </Anchor>
            <Text span c="dimmed">
              {' '}
              - {tool.purpose}
            </Text>
          </List.Item>
        ))}
      </List>
    </PageFrame>
  );
}

function ToolPage({ slug }: { slug: string }) {
  const tool = tools.find((t) => t.slug === slug);
  if (!tool) return <ToolsPage />;
  return <PlannedPage title={tool.title} purpose={tool.purpose} backTo={tool.hideTopBar ? { to: '/tools', label: 'Back to Tools' } : undefined} />;
}

export const toolsRoute = { Component: ToolsPage } satisfies Partial<RouteObject>;
export const toolRoute = (slug: string) =>
  ({
    Component: function Tool() {
      return <ToolPage slug={slug} />;
    },
  }) satisfies Partial<RouteObject>;
