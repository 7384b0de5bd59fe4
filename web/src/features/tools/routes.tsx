// The tools' routes: the Tools page lists every tool with what it does, and each tool has its page. Case Chat carries
// the chat feature (its pane, the reply stream, the sanitizer), so it loads on its own when opened.
import { Anchor, Center, List, Loader, Text } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { Link, type RouteObject } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
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
import { VectorSearchTool } from './vectorsearch/VectorSearchTool';

const CaseChatTool = lazy(async () => ({ default: (await import('./casechat/CaseChatTool')).CaseChatTool }));

/** The page of each tool, by its slug in the catalogue. */
const toolPages: Readonly<Record<string, ComponentType>> = {
  casechat: CaseChatTool,
  feedback: FeedbackTool,
  fileencrypt: FileEncryptTool,
  filerenamer: FileRenamerTool,
  moonlight: MoonlightTool,
  prompts: PromptsPage,
  signout: SignoutTool,
  texttospeech: TextToSpeechTool,
  transcription: TranscriptionTool,
  vacall: VaCallTool,
  vectorsearch: VectorSearchTool,
};

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
          </List.Item>
        ))}
      </List>
    </PageFrame>
  );
}

function ToolPage({ slug }: { slug: string }) {
  const Page = toolPages[slug] ?? ToolsPage;
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader role="status" aria-label="Loading the tool" />
        </Center>
      }
    >
      <Page />
    </Suspense>
  );
}

export const toolsRoute = { Component: ToolsPage } satisfies Partial<RouteObject>;
export const toolRoute = (slug: string) =>
  ({
    Component: function Tool() {
      return <ToolPage slug={slug} />;
    },
  }) satisfies Partial<RouteObject>;
