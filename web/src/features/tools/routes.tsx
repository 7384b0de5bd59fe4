// The tools' routes: the Tools page lists every tool; a tool that is built has its page, the others a page frame saying
// they arrive in a later release.
import { Anchor, Badge, List, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link, type RouteObject } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { PlannedPage } from '../../components/PlannedPage';
import { tools } from './catalogue';
import { FileEncryptTool } from './fileencrypt/FileEncryptTool';
import { FeedbackTool } from './feedback/FeedbackTool';
import { FileRenamerTool } from './filerenamer/FileRenamerTool';
import { MoonlightTool } from './moonlight/MoonlightTool';
import { PromptsPage } from './prompts/PromptsPage';
import { SignoutTool } from './signout/SignoutTool';
import { TextToSpeechTool } from './texttospeech/TextToSpeechTool';
import { TranscriptionTool } from './transcription/TranscriptionTool';
import { VaCallTool } from './vacall/VaCallTool';

/** The page of each tool that is built; the Tools page marks the others as coming in a later release. */
const builtTools: Readonly<Record<string, ComponentType>> = { feedback: FeedbackTool, fileencrypt: FileEncryptTool, filerenamer: FileRenamerTool, moonlight: MoonlightTool, prompts: PromptsPage, signout: SignoutTool, texttospeech: TextToSpeechTool, transcription: TranscriptionTool, vacall: VaCallTool };

function ToolsPage() {
  return (
    <PageFrame title="Tools">
      <Text>Helpers for the clinical day, each on its own page: hand-offs, nights on call, articles and your own notes.</Text>
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
            {!builtTools[tool.slug] && (
              <Badge variant="light" color="gray" size="sm" ml="xs">
                Later release
              </Badge>
            )}
          </List.Item>
        ))}
      </List>
    </PageFrame>
  );
}

function ToolPage({ slug }: { slug: string }) {
  const tool = tools.find((t) => t.slug === slug);
  if (!tool) return <ToolsPage />;
  const Built = builtTools[slug];
  if (Built) return <Built />;
  return <PlannedPage title={tool.title} purpose={tool.purpose} backTo={tool.hideTopBar ? { to: '/tools', label: 'Back to Tools' } : undefined} />;
}

export const toolsRoute = { Component: ToolsPage } satisfies Partial<RouteObject>;
export const toolRoute = (slug: string) =>
  ({
    Component: function Tool() {
      return <ToolPage slug={slug} />;
    },
  }) satisfies Partial<RouteObject>;
