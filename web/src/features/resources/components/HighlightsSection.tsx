// Highlights (collapsible, with a count): the PDF highlights of every file, then the older article notes. Each
// shows its page, date and text, with a remove action that saves at once; clicking its text shows it in the PDF
// viewer. Chosen highlights go to the resource's chat with 'Export to AI' when AI is set up. Making highlights is
// the PDF viewer's job.
import type { Highlight, ResourceFields } from '@chartside/shared';
import { Button, Checkbox, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useAiNotSetUp } from '../../../platform/ai-status';
import { CollapsibleSection } from './CollapsibleSection';

type HighlightFields = Pick<ResourceFields, 'pdfHighlights' | 'articleNotes'>;

const allHighlights = ({ pdfHighlights, articleNotes }: HighlightFields): Highlight[] => [...Object.values(pdfHighlights).flat(), ...articleNotes];

/** The fields without one highlight (matched by id, wherever it is kept). */
export const withoutHighlight = ({ pdfHighlights, articleNotes }: HighlightFields, id: string): HighlightFields => ({
  pdfHighlights: Object.fromEntries(Object.entries(pdfHighlights).map(([pdfId, list]) => [pdfId, list.filter((h) => h.id !== id)])),
  articleNotes: articleNotes.filter((h) => h.id !== id),
});

/** The text 'Export to AI' puts in the chat's message box. */
export const highlightsForChat = (highlights: readonly Highlight[]) =>
  ['Highlights from this resource:', ...highlights.map((highlight) => `- (page ${highlight.pageNumber}) ${highlight.text}`)].join('\n');

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export interface HighlightsSectionProps {
  fields: HighlightFields;
  onRemove: (id: string) => void;
  /** Shows the highlight in the PDF viewer. */
  onShow: (highlight: Highlight) => void;
  onExportToAi: (highlights: Highlight[]) => void;
}

export function HighlightsSection({ fields, onRemove, onShow, onExportToAi }: HighlightsSectionProps) {
  const highlights = allHighlights(fields);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const aiNotSetUp = useAiNotSetUp('chat');
  const chosenHighlights = highlights.filter((highlight) => chosen.has(highlight.id));

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <CollapsibleSection title="Highlights" count={highlights.length}>
      {highlights.length === 0 ? (
        <Text c="dimmed">No highlights yet. Open a PDF of this resource, select text and press Save Selected Text.</Text>
      ) : (
        <Stack gap="xs">
          {!aiNotSetUp && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                disabled={chosenHighlights.length === 0}
                onClick={() => {
                  onExportToAi(chosenHighlights);
                  setChosen(new Set());
                }}
              >
                Export to AI
              </Button>
              <Text size="xs" c="dimmed">
                {chosenHighlights.length === 0 ? 'Tick highlights to send them to the chat.' : `${chosenHighlights.length} chosen`}
              </Text>
            </Group>
          )}
          <Stack component="ul" gap="xs" p={0} m={0} aria-label="Highlights">
            {highlights.map((highlight) => (
              <Paper component="li" key={highlight.id} withBorder px="sm" py="xs" style={{ listStyle: 'none' }}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Group align="flex-start" wrap="nowrap" gap="xs" style={{ minWidth: 0 }}>
                    {!aiNotSetUp && (
                      <Checkbox
                        mt={4}
                        aria-label={`Choose the highlight from page ${highlight.pageNumber}`}
                        checked={chosen.has(highlight.id)}
                        onChange={(event) => toggle(highlight.id, event.currentTarget.checked)}
                      />
                    )}
                    <UnstyledButton onClick={() => onShow(highlight)} style={{ minWidth: 0 }} aria-label={`Show in the PDF: ${highlight.text}`}>
                      <Text size="xs" c="dimmed">
                        Page {highlight.pageNumber} · {dateFormat.format(new Date(highlight.createdAt))}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {highlight.text}
                      </Text>
                    </UnstyledButton>
                  </Group>
                  <Button size="xs" variant="subtle" color="red" onClick={() => onRemove(highlight.id)} aria-label={`Remove highlight from page ${highlight.pageNumber}`}>
                    Remove
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        </Stack>
      )}
    </CollapsibleSection>
  );
}
