// Copies every visible field with text as plain text (spec: each title in upper case, a 70-dash rule, the text).
import { copyAllFieldsAsText } from '@chartside/shared';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '../../../../components/icons';
import { usePatientEditing } from '../../patient-editing';
import { useCopyText } from '../../../../components/use-copy-text';

export function CopyAllButton() {
  const { currentDraft } = usePatientEditing();
  const { copied, copy } = useCopyText();
  const copyAll = () => {
    const text = copyAllFieldsAsText(currentDraft());
    if (!text) {
      notifications.show({ title: 'Nothing to copy', message: 'Every visible field is empty.' });
      return;
    }
    void copy(text);
  };
  return (
    <Button variant="default" size="sm" onClick={copyAll} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
      {copied ? 'Copied' : 'Copy all as text'}
    </Button>
  );
}
