// An article's Published, DOI (a link to the DOI resolver) and Journal ('N/A' when missing).
import { doiUrl, type Article } from '@chartside/shared';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function ArticleFields({ article }: { article: Article | null }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" aria-label="Article details">
      <Field label="Published">{article?.published_date || 'N/A'}</Field>
      <Field label="DOI">
        {article?.doi ? (
          <Anchor href={doiUrl(article.doi)} target="_blank" rel="noopener noreferrer">
            {article.doi}
          </Anchor>
        ) : (
          'N/A'
        )}
      </Field>
      <Field label="Journal">{article?.journal_name || 'N/A'}</Field>
    </SimpleGrid>
  );
}
