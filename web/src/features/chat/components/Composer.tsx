// Where a message is written (spec: Chat screen): the text (Enter sends, Shift+Enter starts a new line), the attachment
// button and the chips of the files attached, the menu of saved prompts (put in at the caret), the Fast/Slow toggle and
// Send. Send is disabled while busy (a message on its way, a reply streaming, a file being prepared) or when there is
// neither text nor an attachment; while a reply streams, Stop stands beside it. A failed send shows the server's
// message and keeps the text and the files.
import type { ChatAttachment, ChatModelChoice, ResourceFile } from '@chartside/shared';
import { MAX_CHAT_TEXT } from '@chartside/shared';
import { ActionIcon, Alert, Button, FileButton, Group, Loader, Pill, SegmentedControl, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { AiNotSetUpAlert } from '../../../components/AiNotSetUpAlert';
import { IconPaperclip, IconSend, IconStop } from '../../../components/icons';
import { ATTACHMENT_ACCEPT } from '../attachments';
import { insertIntoMessage } from '../compose-text';
import { useAttachments } from '../use-attachments';
import classes from './chat.module.css';
import { PromptMenu } from './PromptMenu';

export interface ComposerInput {
  text: string;
  attachments: ChatAttachment[];
  model: ChatModelChoice;
}

export interface ComposerProps {
  /** Sends the message; rejects with the reason it was not sent. */
  onSend: (input: ComposerInput) => Promise<void>;
  /** A reply is streaming: Stop is offered, Send waits. */
  streaming: boolean;
  onStop: () => void;
  stopping: boolean;
  /** This deployment has no chat model: said plainly, with what to set; nothing can be sent. */
  notSetUp?: { hint: string } | undefined;
  /** What 'Export to AI' sent here: taken once per `id`, for the user to ask about it. */
  share?: ChatShare | undefined;
}

/** A library file to attach, or text (highlights) to add to the message. */
export type ChatShare = { id: string } & ({ file: ResourceFile } | { text: string });

export function Composer({ onSend, streaming, onStop, stopping, notSetUp, share }: ComposerProps) {
  const [text, setText] = useState('');
  const [model, setModel] = useState<ChatModelChoice>('fast');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const attachments = useAttachments();
  const resetFiles = useRef<() => void>(null);
  const message = useRef<HTMLTextAreaElement>(null);

  const takenShare = useRef<string>(undefined);
  const takeShare = useEffectEvent((shared: ChatShare) => {
    // Once per share, however often the effect runs.
    if (takenShare.current === shared.id) return;
    takenShare.current = shared.id;
    if ('file' in shared) attachments.addStored(shared.file);
    else setText((current) => (current.trim() ? `${current.trimEnd()}\n\n${shared.text}` : shared.text).slice(0, MAX_CHAT_TEXT));
    message.current?.focus();
  });
  useEffect(() => {
    // A share is an event from elsewhere on the screen (the composer may mount after it): taken here, once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (share) takeShare(share);
  }, [share]);

  const busy = sending || streaming || attachments.preparing;
  const empty = text.trim() === '' && attachments.items.length === 0;
  const canSend = !busy && !empty && !notSetUp;

  const send = async () => {
    if (!canSend) return;
    setError(undefined);
    setSending(true);
    try {
      await onSend({ text: text.trim(), attachments: attachments.parts, model });
      setText('');
      attachments.clear();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Chat request failed');
    } finally {
      setSending(false);
    }
  };

  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const insertPrompt = (inserted: string) => {
    const element = message.current;
    const { text: next, caret } = insertIntoMessage(text, element?.selectionStart ?? text.length, element?.selectionEnd ?? text.length, inserted);
    setText(next);
    // After React has put the new text in, so the caret lands after the prompt.
    requestAnimationFrame(() => {
      message.current?.focus();
      message.current?.setSelectionRange(caret, caret);
    });
  };

  const attachPasted = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    attachments.add(files);
  };

  return (
    <Stack gap="xs" className={classes.composer}>
      {notSetUp && <AiNotSetUpAlert hint={notSetUp.hint} />}
      {error && (
        <Alert color="red" variant="light" title="Not sent" withCloseButton onClose={() => setError(undefined)} closeButtonLabel="Dismiss">
          {error}
        </Alert>
      )}
      {attachments.items.length > 0 && (
        <Group gap={6} aria-label="Attachments" role="list">
          {attachments.items.map((item) => (
            <Pill
              key={item.key}
              role="listitem"
              withRemoveButton
              onRemove={() => attachments.remove(item.key)}
              // Mantine hides a pill's remove button from the keyboard and screen readers (made for PillsInput); here it is the only way to remove.
              removeButtonProps={{ 'aria-label': `Remove ${item.name}`, 'aria-hidden': false, tabIndex: 0 }}
            >
              <Group gap={4} wrap="nowrap" component="span">
                {!item.part && <Loader size={10} aria-label={`Preparing ${item.name}`} />}
                {item.name}
              </Group>
            </Pill>
          ))}
        </Group>
      )}
      {attachments.problem && (
        <Text size="sm" c="red" role="alert">
          {attachments.problem}
        </Text>
      )}
      <Textarea
        ref={message}
        aria-label="Message"
        placeholder="Type a message"
        autosize
        minRows={1}
        maxRows={8}
        maxLength={MAX_CHAT_TEXT}
        value={text}
        readOnly={sending}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={sendOnEnter}
        onPaste={attachPasted}
      />
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <FileButton onChange={(files) => { attachments.add(files); resetFiles.current?.(); }} accept={ATTACHMENT_ACCEPT} multiple resetRef={resetFiles}>
            {(props) => (
              <Tooltip label="Attach images, PDFs or text files">
                <ActionIcon {...props} variant="default" size="lg" aria-label="Attach files">
                  <IconPaperclip />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <PromptMenu onInsert={insertPrompt} />
          <SegmentedControl
            aria-label="Model"
            size="xs"
            value={model}
            onChange={(value) => setModel(value === 'slow' ? 'slow' : 'fast')}
            data={[
              { value: 'fast', label: 'Fast' },
              { value: 'slow', label: 'Slow' },
            ]}
          />
        </Group>
        <Group gap="xs">
          {streaming && (
            <Button color="red" variant="light" leftSection={<IconStop size={14} />} onClick={onStop} loading={stopping}>
              Stop
            </Button>
          )}
          <Button leftSection={<IconSend size={16} />} onClick={() => void send()} disabled={!canSend} loading={sending}>
            Send
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
