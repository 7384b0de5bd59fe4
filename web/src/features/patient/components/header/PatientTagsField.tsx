// The patient's tags: pick one of the user's patient tags or type a new one (Enter or comma). Tags are normalized by
// the shared tag rules as the server stores them; the server adds a new tag to the user's patient tags.
import { addTags } from '@chartside/shared';
import { TagsInput } from '@mantine/core';
import { useMe } from '../../../../platform/user-document';
import { usePatientDraft, usePatientEditing } from '../../patient-editing';
import { comboboxProps } from '../../../../components/combobox-props';

export function PatientTagsField() {
  const { change } = usePatientEditing();
  const tags = usePatientDraft((draft) => draft.tags);
  const known = useMe().data?.patientTags ?? [];
  return (
    <TagsInput
      label="Tags"
      placeholder={tags.length ? undefined : 'Add a tag and press Enter'}
      // Each tag once, though older data may repeat one: Mantine refuses repeated options, and the pills key by tag.
      data={[...new Set(known)]}
      value={[...new Set(tags)]}
      onChange={(tags) => change({ tags: addTags([], tags) })}
      splitChars={[',']}
      clearable
      comboboxProps={comboboxProps}
      style={{ flex: '1 1 14rem', minWidth: 0 }}
    />
  );
}
