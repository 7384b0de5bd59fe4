// The seven resource types as a select, each option with its icon.
import { resourceTypes, ResourceType } from '@chartside/shared';
import { Group, Select, Text } from '@mantine/core';
import { ResourceTypeIcon, resourceTypeStyles } from '../../../components/ResourceTypeIcon';

const options = resourceTypes.map((type) => ({ value: type, label: resourceTypeStyles[type].label }));

export function ResourceTypeSelect({ value, onChange, label = 'Type' }: { value: ResourceType; onChange: (type: ResourceType) => void; label?: string }) {
  return (
    <Select
      label={label}
      data={options}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        const parsed = ResourceType.safeParse(next);
        if (parsed.success) onChange(parsed.data);
      }}
      leftSection={<ResourceTypeIcon type={value} size={22} />}
      renderOption={({ option }) => {
        const type = ResourceType.parse(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            <ResourceTypeIcon type={type} size={22} />
            <Text size="sm">{option.label}</Text>
          </Group>
        );
      }}
    />
  );
}
