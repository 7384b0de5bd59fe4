// /tools/vectorsearch: ask a question of your own library. Each answer comes from passages of the user's resources and
// cites them by number; a citation and each listed source open the resource. The conversation so far goes with every
// question (a follow-up can say 'and in renal failure?'); it stays while the user visits a cited resource and comes
// back, and Clear starts over. Enter asks, Shift+Enter starts a
// new line. Without a chat model the page says so and what to set, and nothing can be asked.
import { libraryContract, MAX_LIBRARY_HISTORY, MAX_LIBRARY_HISTORY_TEXT, MAX_LIBRARY_QUESTION, type LibraryHistoryMessage, type LibrarySource } from '@chartside/shared';
import { Alert, Anchor, Box, Button, Group, List, Loader, Paper, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { AiNotSetUpAlert } from '../../../components/AiNotSetUpAlert';
import { IconEraser, IconSend } from '../../../components/icons';
import { PageFrame } from '../../../components/PageFrame';
import { useAiNotSetUp } from '../../../platform/ai-status';
import { useApi } from '../../../platform/platform-context';
import { answerBlocks, citedParts } from './answer-text';

interface Turn {
  id: string;
  question: string;
  answer: string;
  sources: LibrarySource[];
}

const conversationKey = ['library', 'conversation'] as const;

/**
 * The page's conversation, kept in the query cache so it outlives a visit to a cited resource (and a reload: the cache
 * is persisted, and cleared on sign-out). Nothing is fetched: a refetch (after a reconnect, say) keeps what is held.
 */
function useConversation() {
  const queryClient = useQueryClient();
  const { data: turns = [] } = useQuery({ queryKey: conversationKey, queryFn: () => queryClient.getQueryData<Turn[]>(conversationKey) ?? [], staleTime: Infinity });
  const setTurns = (update: (turns: Turn[]) => Turn[]) => queryClient.setQueryData<Turn[]>(conversationKey, (held) => update(held ?? []));
  return [turns, setTurns] as const;
}

/** What goes with a question: the latest messages of the conversation, each within the server's limit. */
const historyOf = (turns: Turn[]): LibraryHistoryMessage[] =>
  turns
    .flatMap((turn): LibraryHistoryMessage[] => [
      { role: 'user', text: turn.question },
      { role: 'assistant', text: turn.answer },
    ])
    .slice(-MAX_LIBRARY_HISTORY)
    .map((message) => ({ ...message, text: message.text.slice(0, MAX_LIBRARY_HISTORY_TEXT) }));

const resourcePath = (source: LibrarySource) => `/resources/${encodeURIComponent(source.resourceId)}`;

function CitedLine({ line, sources }: { line: string; sources: LibrarySource[] }) {
  return citedParts(line, sources.length).map((part, i) => {
    if ('text' in part) return <span key={i}>{part.text}</span>;
    const source = sources[part.source - 1]!;
    return (
      <Anchor key={i} component={Link} to={resourcePath(source)} title={source.name} fw={600} inherit>
        [{part.source}]<VisuallyHidden> {source.name}</VisuallyHidden>
      </Anchor>
    );
  });
}

function AnswerText({ text, sources }: { text: string; sources: LibrarySource[] }) {
  return answerBlocks(text).map((block, i) =>
    block.kind === 'list' ? (
      <List key={i} size="sm" spacing={2} withPadding>
        {block.items.map((item, j) => (
          <List.Item key={j}>
            <CitedLine line={item} sources={sources} />
          </List.Item>
        ))}
      </List>
    ) : (
      <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {block.lines.map((line, j) => (
          <span key={j}>
            {j > 0 && <br />}
            <CitedLine line={line} sources={sources} />
          </span>
        ))}
      </Text>
    ),
  );
}

function Sources({ sources }: { sources: LibrarySource[] }) {
  const headingId = useId();
  return (
    <Box mt="xs" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Text size="xs" fw={600} tt="uppercase" c="dimmed" id={headingId}>
        From your library
      </Text>
      <List type="ordered" size="sm" spacing={6} mt={4} aria-labelledby={headingId}>
        {sources.map((source) => (
          <List.Item key={source.resourceId}>
            <Anchor component={Link} to={resourcePath(source)} size="sm">
              {source.name || 'Untitled'}
            </Anchor>
            {source.excerpt && (
              <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {source.excerpt}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Box>
  );
}

function TurnView({ turn }: { turn: Turn }) {
  return (
    <Stack gap={6}>
      <Paper p="xs" px="sm" radius="md" bg="var(--mantine-color-blue-light)" ml="auto" maw="min(100%, 40rem)">
        <VisuallyHidden>You asked: </VisuallyHidden>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {turn.question}
        </Text>
      </Paper>
      <Paper component="article" aria-label="Answer" withBorder p="sm" radius="md" maw="min(100%, 46rem)">
        <Stack gap={6}>
          <AnswerText text={turn.answer} sources={turn.sources} />
        </Stack>
        {turn.sources.length > 0 && <Sources sources={turn.sources} />}
      </Paper>
    </Stack>
  );
}

export function VectorSearchTool() {
  const api = useApi();
  const notSetUp = useAiNotSetUp('chat');
  const [turns, setTurns] = useConversation();
  const [question, setQuestion] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const latest = useRef<HTMLDivElement>(null);
  const ask = useMutation({
    mutationFn: (message: string) => api.call(libraryContract.ask, { body: { message, conversationHistory: historyOf(turns) } }),
    onSuccess: (answer, message) => {
      setTurns((held) => [...held, { id: crypto.randomUUID(), question: message, ...answer }]);
      setQuestion('');
    },
  });

  // A new answer is brought into view; the question box keeps the focus for the next question.
  // (Braces: a browser's scrollIntoView may answer a promise, which React would take for the effect's cleanup.)
  useEffect(() => {
    latest.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [turns.length]);

  const canAsk = question.trim() !== '' && !ask.isPending && !notSetUp;
  const submit = () => {
    if (canAsk) ask.mutate(question.trim());
  };
  const askOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const clear = () => {
    setTurns(() => []);
    ask.reset();
    box.current?.focus();
  };

  return (
    <PageFrame
      title="Vector Search"
      actions={
        <Button variant="default" leftSection={<IconEraser size={16} />} onClick={clear} disabled={turns.length === 0 || ask.isPending}>
          Clear
        </Button>
      }
    >
      <Text>
        Ask a question of your own library. The answer is drawn from your resources and cites them by number: open a
        citation to read the resource.
      </Text>
      {notSetUp && <AiNotSetUpAlert hint={notSetUp.hint} />}
      <Stack gap="lg" role="log" aria-label="Questions and answers">
        {turns.length === 0 ? (
          <Text c="dimmed" size="sm">
            Your questions and their answers appear here. For example: What apixaban dose did I note for renal failure?
          </Text>
        ) : (
          turns.map((turn, i) => (
            <div key={turn.id} ref={i === turns.length - 1 ? latest : undefined}>
              <TurnView turn={turn} />
            </div>
          ))
        )}
      </Stack>
      {ask.isPending && (
        <Group gap="xs" role="status" aria-label={ask.isPaused ? 'Waiting for the connection' : 'Looking through your library'}>
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {ask.isPaused ? 'Chartside is offline: the question is asked when it is back.' : 'Looking through your library…'}
          </Text>
        </Group>
      )}
      {ask.isError && (
        <Alert color="red" variant="light" title="No answer" withCloseButton onClose={() => ask.reset()} closeButtonLabel="Dismiss">
          {ask.error.message}
        </Alert>
      )}
      <Stack
        gap="xs"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Textarea
          ref={box}
          aria-label="Question"
          placeholder="Ask about your library"
          description="Enter asks; Shift+Enter starts a new line."
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MAX_LIBRARY_QUESTION}
          value={question}
          readOnly={ask.isPending}
          onChange={(event) => setQuestion(event.currentTarget.value)}
          onKeyDown={askOnEnter}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} disabled={!canAsk} loading={ask.isPending}>
            Ask
          </Button>
        </Group>
      </Stack>
    </PageFrame>
  );
}
