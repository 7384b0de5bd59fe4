// Create an article resource from a DOI: Crossref gives its title, journal, date and authors; then the new resource opens.
import { normalizeDoi } from '@chartside/shared';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCreateArticleFromDoi } from '../queries';

export const INVALID_DOI = 'Enter a DOI such as 10.1056/NEJMoa2034577, doi:10.1056/NEJMoa2034577 or a doi.org link.';

export function CreateByDoi() {
  const [input, setInput] = useState('');
  const [invalid, setInvalid] = useState(false);
  const create = useCreateArticleFromDoi();
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const doi = normalizeDoi(input);
    setInvalid(!doi);
    if (!doi) return;
    create.mutate(doi, { onSuccess: (resource) => void navigate(`/resources/${encodeURIComponent(resource.id)}`) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label="DOI"
            placeholder="10.1056/NEJMoa2034577"
            value={input}
            onChange={(event) => {
              setInput(event.currentTarget.value);
              setInvalid(false);
              create.reset();
            }}
            error={invalid ? INVALID_DOI : undefined}
            maxLength={300}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={create.isPending} mt={25}>
            Create
          </Button>
        </Group>
        {create.isError && (
          <Text size="sm" c="red.8" role="alert">
            {create.error.message}
          </Text>
        )}
      </Stack>
    </form>
  );
}
