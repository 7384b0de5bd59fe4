// Tags of a resource: type and press Enter (or comma), or pick one of the user's resource tags. Tags are normalized
// as the server stores them ('heart failure' -> 'Heart Failure'), so what you see is what is saved.
import { addTags } from '@chartside/shared';
import { TagsInput } from '@mantine/core';
import { useMe } from '../../../platform/user-document';
import { comboboxProps } from '../../../components/combobox-props';

export interface TagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  label?: string;
}

export function TagsField({ value, onChange, label = 'Tags' }: TagsFieldProps) {
  const known = useMe().data?.resourceTags ?? [];
  return (
    <TagsInput
      label={label}
      placeholder="Add a tag and press Enter"
      data={known}
      value={value}
      onChange={(tags) => onChange(addTags([], tags))}
      splitChars={[',']}
      clearable
      comboboxProps={comboboxProps}
    />
  );
}
