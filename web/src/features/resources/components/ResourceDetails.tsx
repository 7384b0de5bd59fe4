// View mode: tag chips, the description or 'No description available.', the link (opens in a new tab) or
// 'No link provided', an article's details, and what encryption means when the resource is encrypted.
import { DEFAULT_DESCRIPTION, DEFAULT_LINK, type ResourceFields } from '@chartside/shared';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { ArticleFields } from './ArticleFields';
import { EncryptedNotice } from './EncryptionSwitch';

/** Only web addresses become links; anything else stays text (no javascript: URLs). */
const isWebLink = (link: string) => /^https?:\/\//i.test(link);

export function ResourceDetails({ fields }: { fields: ResourceFields }) {
  const link = fields.link.trim();
  return (
    <Stack gap="sm">
      {fields.tags.length > 0 && (
        <Group gap={6} aria-label="Tags" role="list">
          {fields.tags.map((tag) => (
            <Badge key={tag} role="listitem" variant="light" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} c={fields.description.trim() ? undefined : 'dimmed'}>
        {fields.description.trim() || DEFAULT_DESCRIPTION}
      </Text>
      {link ? (
        isWebLink(link) ? (
          <Anchor href={link} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
            {link}
          </Anchor>
        ) : (
          <Text style={{ overflowWrap: 'anywhere' }}>{link}</Text>
        )
      ) : (
        <Text c="dimmed">{DEFAULT_LINK}</Text>
      )}
      {fields.type === 'article' && <ArticleFields article={fields.article} />}
      {fields.encrypted && <EncryptedNotice />}
    </Stack>
  );
}
