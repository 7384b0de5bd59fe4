// Both this tab and another device changed the same fields: show both versions, the user keeps one. Neither is
// dropped silently; the dialog stays until a choice is made.
import type { ResourceFields } from '@chartside/shared';
import { Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { resourceTypeStyles } from '../../../components/ResourceTypeIcon';
import { fieldLabels } from '../field-labels';
import type { FieldConflict, FieldName } from '../resource-saver';

/** A readable form of a field's value. */
const show = (field: FieldName, fields: Partial<ResourceFields>): string => {
  switch (field) {
    case 'type':
      return fields.type ? resourceTypeStyles[fields.type].label : '';
    case 'tags':
      return fields.tags?.join(', ') || '(none)';
    case 'files':
      return fields.files?.map((f) => f.name).join(', ') || '(none)';
    case 'textSections':
      return fields.textSections?.map((s, i) => s.title || `Section ${i + 1}`).join(', ') || '(none)';
    case 'favorite':
      return fields.favorite ? 'Yes' : 'No';
    case 'article':
      return fields.article ? [fields.article.title, fields.article.doi].filter(Boolean).join(' · ') : '(none)';
    default: {
      const value = fields[field];
      return typeof value === 'string' ? value || '(empty)' : JSON.stringify(value);
    }
  }
};

export function ConflictDialog({ conflict, onResolve }: { conflict: FieldConflict | undefined; onResolve: (choice: 'mine' | 'theirs') => void }) {
  const theirs = conflict?.theirs;
  return (
    <Modal opened={conflict !== undefined} onClose={() => undefined} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} title="This resource changed on another device" size="lg" centered>
      {conflict && theirs && (
        <Stack>
          <Text>You and another device changed the same {conflict.fields.length === 1 ? 'field' : 'fields'}. Choose which version to keep; your other changes are kept either way.</Text>
          {conflict.fields.map((field) => (
            <Stack key={field} gap={4}>
              <Title order={3} size="h5">
                {fieldLabels[field]}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    Mine
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {show(field, conflict.mine)}
                  </Text>
                </Stack>
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    Theirs
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {show(field, theirs)}
                  </Text>
                </Stack>
              </SimpleGrid>
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onResolve('theirs')}>
              Use theirs
            </Button>
            <Button onClick={() => onResolve('mine')} data-autofocus>
              Keep mine
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
