// /playground: a scratch editor with every writing aid of the app (',.word' templates, dictation, '***' marks in the
// editor; the text transformer and AI chat a click away) that touches no patient data. Its text stays on this device.
import { sectionPlainText } from '@chartside/shared';
import { Alert, Anchor, Button, Group, List, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageFrame } from '../../../components/PageFrame';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { useCopyText } from '../../../components/use-copy-text';
import { useMe } from '../../../platform/user-document';
import { clearScratch, readScratch, writeScratch } from '../scratch-store';

function ScratchEditor({ userId }: { userId: string }) {
  const [initial, setInitial] = useState(() => readScratch(userId));
  const [text, setText] = useState(initial);
  // A new editor after Clear: the editor reads its content once.
  const [revision, setRevision] = useState(0);
  const [kept, setKept] = useState(true);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const { copied, copy } = useCopyText();

  const change = (serialized: string) => {
    setText(serialized);
    setKept(writeScratch(userId, serialized));
  };
  const clear = () => {
    clearScratch(userId);
    setInitial('');
    setText('');
    setRevision(revision + 1);
    setConfirmingClear(false);
  };

  return (
    <>
      <Group gap="xs">
        <Button variant="light" onClick={() => void copy(sectionPlainText(text))} disabled={!sectionPlainText(text).trim()}>
          {copied ? 'Copied' : 'Copy as text'}
        </Button>
        <Button variant="light" color="red" onClick={() => setConfirmingClear(true)}>
          Clear
        </Button>
      </Group>
      {!kept && (
        <Alert color="yellow" role="status">
          This browser does not allow keeping the text: it is lost when the page closes.
        </Alert>
      )}
      <RichTextEditor key={revision} initialContent={initial} onChange={change} editable label="Scratch text" />
      <ConfirmDialog opened={confirmingClear} title="Clear the playground?" confirmLabel="Clear" onConfirm={clear} onCancel={() => setConfirmingClear(false)}>
        The scratch text on this device will be deleted. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}

export function PlaygroundPage() {
  const userId = useMe().data?.userId;
  return (
    <PageFrame title="Playground">
      <Text>
        Try the writing aids on text that is not a patient's. What you write here stays in this browser on this device; it is not saved to
        your account.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>Type a comma, a full stop and a template's trigger word (',.word') to insert one of your <Anchor component={Link} to="/templates" inherit>templates</Anchor>.</List.Item>
        <List.Item>Press the microphone to dictate; say 'clear all', 'undo', 'start list' or 'end list' between pauses.</List.Item>
        <List.Item>Type '***' to mark a blank still to fill in: the editor shows it in pink.</List.Item>
        <List.Item>The Text transformer (in the top bar, or its menu on a phone) rewrites pasted text with a prompt; <Anchor component={Link} to="/chat" inherit>AI chat</Anchor> answers questions.</List.Item>
      </List>
      {userId === undefined ? <Loader role="status" aria-label="Loading the playground" /> : <ScratchEditor userId={userId} />}
    </PageFrame>
  );
}
