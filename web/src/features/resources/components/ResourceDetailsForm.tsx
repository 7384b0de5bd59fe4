// Edit mode: type, name, tags, description, link with 'Auto-fill' (articles with a link), Encrypted, and 'Delete Resource'.
import { isResourceName, type Article, type ArticleLookup, type ResourceFields } from '@chartside/shared';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useArticleLookup } from '../queries';
import { ArticleFields } from './ArticleFields';
import { EncryptionSwitch } from './EncryptionSwitch';
import { ResourceTypeSelect } from './ResourceTypeSelect';
import { TagsField } from './TagsField';

export interface ResourceDetailsFormProps {
  fields: ResourceFields;
  onChange: (fields: Partial<ResourceFields>) => void;
  onDelete: () => void;
}

const emptyArticle: Article = { doi: '', title: '', journal_name: '', published_date: '', crossref: false, authors: [], oa_locations: [] };

/** What Auto-fill changes: the article fields the page told, and the name when it is still empty. */
const autoFill = (fields: ResourceFields, found: ArticleLookup): Partial<ResourceFields> => {
  const article = fields.article ?? emptyArticle;
  return {
    ...(!isResourceName(fields.name) && found.title ? { name: found.title } : {}),
    article: {
      ...article,
      title: found.title ?? article.title,
      published_date: found.published_date ?? article.published_date,
      doi: found.doi ?? article.doi,
      journal_name: found.journal_name ?? article.journal_name,
      oa_locations: found.oa_locations,
      crossref: false,
    },
  };
};

export function ResourceDetailsForm({ fields, onChange, onDelete }: ResourceDetailsFormProps) {
  const lookup = useArticleLookup();
  const canAutoFill = fields.type === 'article' && fields.link.trim() !== '';

  const fill = () =>
    lookup.mutate(fields.link.trim(), {
      onSuccess: (found) => onChange(autoFill(fields, found)),
    });

  return (
    <Stack gap="sm">
      <ResourceTypeSelect value={fields.type} onChange={(type) => onChange({ type })} />
      <TextInput label="Name" value={fields.name} onChange={(event) => onChange({ name: event.currentTarget.value })} maxLength={200} error={isResourceName(fields.name) ? undefined : 'A name is required.'} />
      <TagsField value={fields.tags} onChange={(tags) => onChange({ tags })} />
      <Textarea label="Description" value={fields.description} onChange={(event) => onChange({ description: event.currentTarget.value })} rows={5} />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label="Link" type="url" value={fields.link} onChange={(event) => onChange({ link: event.currentTarget.value })} placeholder="https://" style={{ flex: 1 }} />
        {canAutoFill && (
          <Button variant="light" onClick={fill} loading={lookup.isPending}>
            Auto-fill
          </Button>
        )}
      </Group>
      {lookup.error && (
        <Alert color="red" title="Auto-fill failed" withCloseButton closeButtonLabel="Dismiss" onClose={() => lookup.reset()}>
          {lookup.error.message}
        </Alert>
      )}
      {fields.type === 'article' && <ArticleFields article={fields.article} />}
      <EncryptionSwitch encrypted={fields.encrypted} onChange={(encrypted) => onChange({ encrypted })} />
      <Group>
        <Button color="red" variant="outline" onClick={onDelete}>
          Delete Resource
        </Button>
      </Group>
    </Stack>
  );
}
