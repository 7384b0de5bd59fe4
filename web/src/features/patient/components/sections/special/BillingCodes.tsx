// The visit's billing: the E/M level (the user's setting's levels first, both offered since a patient can move
// between settings) and the ICD-10 diagnoses and CPT procedures, each a code and a description.
import { type BillingCode, type BillingData, emLevels } from '@chartside/shared';
import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '../../../../../components/icons';
import { createClientId } from '../../../../../platform/client-id';
import { useMe } from '../../../../../platform/user-document';
import { comboboxProps } from '../../../../../components/combobox-props';

export interface BillingCodesProps {
  data: BillingData;
  onChange: (update: (data: BillingData) => BillingData) => void;
}

type CodeList = 'diagnoses' | 'procedures';
const lists: Record<CodeList, { title: string; one: string; placeholder: string }> = {
  diagnoses: { title: 'Diagnoses (ICD-10)', one: 'diagnosis', placeholder: 'I50.23' },
  procedures: { title: 'Procedures (CPT)', one: 'procedure', placeholder: '93000' },
};

function CodeRows({ list, codes, onChange }: { list: CodeList; codes: BillingCode[]; onChange: BillingCodesProps['onChange'] }) {
  const { title, one, placeholder } = lists[list];
  const setCodes = (change: (codes: BillingCode[]) => BillingCode[]) => onChange((current) => ({ ...current, [list]: change(current[list]) }));
  const update = (id: string, part: Partial<BillingCode>) => setCodes((all) => all.map((code) => (code.id === id ? { ...code, ...part } : code)));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {codes.length === 0 && (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      )}
      {codes.map((code, index) => (
        <Group key={code.id} gap={4} wrap="nowrap">
          <TextInput size="xs" w={96} placeholder={placeholder} aria-label={`Code of ${one} ${index + 1}`} value={code.code} onChange={(event) => update(code.id, { code: event.currentTarget.value })} />
          <TextInput size="xs" style={{ flex: 1 }} placeholder="Description" aria-label={`Description of ${one} ${index + 1}`} value={code.description} onChange={(event) => update(code.id, { description: event.currentTarget.value })} />
          <ActionIcon variant="subtle" color="red" onClick={() => setCodes((all) => all.filter((c) => c.id !== code.id))} aria-label={`Remove ${one} ${index + 1}`}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="subtle" size="compact-xs" leftSection={<IconPlus size={14} />} onClick={() => setCodes((all) => [...all, { id: createClientId(), code: '', description: '' }])} style={{ alignSelf: 'flex-start' }}>
        Add {one}
      </Button>
    </Stack>
  );
}

export function BillingCodes({ data, onChange }: BillingCodesProps) {
  const inpatient = useMe().data?.inpatient ?? true;
  const groups = [
    { group: 'Inpatient', items: emLevels.inpatient.map(({ code, label }) => ({ value: code, label })) },
    { group: 'Outpatient', items: emLevels.outpatient.map(({ code, label }) => ({ value: code, label })) },
  ];
  return (
    <Stack gap="sm">
      <Select
        label="E/M level"
        placeholder="Choose the visit level"
        size="xs"
        clearable
        data={inpatient ? groups : [...groups].reverse()}
        value={data.emLevel || null}
        onChange={(code) => onChange((current) => ({ ...current, emLevel: code ?? '' }))}
        comboboxProps={comboboxProps}
        maw={420}
      />
      <CodeRows list="diagnoses" codes={data.diagnoses} onChange={onChange} />
      <CodeRows list="procedures" codes={data.procedures} onChange={onChange} />
    </Stack>
  );
}
