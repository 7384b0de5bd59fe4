// Create New Resource (spec sections 2 and 5): the name is required after trimming, otherwise Create is disabled;
// description and link are trimmed and optional. On success the new resource opens.
import type { CreateResourceBody, ResourceType } from '@chartside/shared';
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCreateResource } from '../queries';
import { ResourceTypeSelect } from './ResourceTypeSelect';
import { TagsField } from './TagsField';

export interface CreateResourceDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The request body for the form's values: trimmed, with empty optional fields left out. */
const createBody = (values: { type: ResourceType; name: string; description: string; link: string; tags: string[] }): CreateResourceBody => {
  const description = values.description.trim();
  const link = values.link.trim();
  return {
    type: values.type,
    name: values.name.trim(),
    ...(description && { description }),
    ...(link && { link }),
    ...(values.tags.length > 0 && { tags: values.tags }),
  };
};

function CreateResourceForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateResource();
  const [type, setType] = useState<ResourceType>('text');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [link, setLink] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const blankName = name.trim() === '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blankName) return;
    create.mutate(createBody({ type, name, description, link, tags }), {
      onSuccess: (resource) => {
        onClose();
        void navigate(`/resources/${encodeURIComponent(resource.id)}`);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ResourceTypeSelect value={type} onChange={setType} />
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={200}
          data-autofocus
          description={blankName ? 'A name is required.' : undefined}
        />
        <Textarea label="Description" value={description} onChange={(event) => setDescription(event.currentTarget.value)} rows={3} />
        <TextInput label="Link" type="url" value={link} onChange={(event) => setLink(event.currentTarget.value)} placeholder="https://" />
        <TagsField value={tags} onChange={setTags} />
        {create.error && (
          <Alert color="red" title="The resource was not created">
            {create.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={blankName} loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CreateResourceDialog({ opened, onClose }: CreateResourceDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create New Resource" centered>
      {/* Mounted only while open, so every opening starts from an empty form. */}
      {opened && <CreateResourceForm onClose={onClose} />}
    </Modal>
  );
}
