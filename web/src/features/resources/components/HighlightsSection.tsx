// Highlights (collapsible, with a count): the PDF highlights of every file, then the older article notes. Each
// shows its page, date and text, with a remove action that saves at once. Making highlights is the PDF viewer's job.
import type { Highlight, ResourceFields } from '@chartside/shared';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { CollapsibleSection } from './CollapsibleSection';

type HighlightFields = Pick<ResourceFields, 'pdfHighlights' | 'articleNotes'>;

const allHighlights = ({ pdfHighlights, articleNotes }: HighlightFields): Highlight[] => [...Object.values(pdfHighlights).flat(), ...articleNotes];

/** The fields without one highlight (matched by id, wherever it is kept). */
export const withoutHighlight = ({ pdfHighlights, articleNotes }: HighlightFields, id: string): HighlightFields => ({
  pdfHighlights: Object.fromEntries(Object.entries(pdfHighlights).map(([pdfId, list]) => [pdfId, list.filter((h) => h.id !== id)])),
  articleNotes: articleNotes.filter((h) => h.id !== id),
});

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function HighlightsSection({ fields, onRemove }: { fields: HighlightFields; onRemove: (id: string) => void }) {
  const highlights = allHighlights(fields);
  return (
    <CollapsibleSection title="Highlights" count={highlights.length}>
      {highlights.length === 0 ? (
        <Text c="dimmed">No highlights yet. Text you highlight in this resource&rsquo;s PDFs will be listed here.</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label="Highlights">
          {highlights.map((highlight) => (
            <Paper component="li" key={highlight.id} withBorder px="sm" py="xs" style={{ listStyle: 'none' }}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    Page {highlight.pageNumber} · {dateFormat.format(new Date(highlight.createdAt))}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {highlight.text}
                  </Text>
                </Stack>
                <Button size="xs" variant="subtle" color="red" onClick={() => onRemove(highlight.id)} aria-label={`Remove highlight from page ${highlight.pageNumber}`}>
                  Remove
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </CollapsibleSection>
  );
}
