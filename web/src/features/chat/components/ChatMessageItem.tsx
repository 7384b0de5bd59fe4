// One message of a chat. The user's: what they typed, and their images and files. The model's: its reply as sanitized
// HTML, three dots while it streams, 'Stopped' after the text so far when the user stopped it, the error when it
// failed. Each has Copy and Delete; a reply also Export to Text Field and Share (spec: Chat screen).
import type { ChatMessage } from '@chartside/shared';
import { ActionIcon, Alert, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { IconCheck, IconCopy, IconFile, IconFileExport, IconShare, IconTrash } from '../../../components/icons';
import { copyText, shareText } from '../clipboard';
import { messageText, typedText } from '../chat-stream';
import { replyDisplayHtml, replyPlainText } from '../reply-html';
import classes from './chat.module.css';

export interface ChatMessageItemProps {
  message: ChatMessage;
  onDelete: (messageId: string) => void;
  /** Opens Export to Text Field with the reply's plain text. */
  onExport: (text: string) => void;
}

const COPIED_FEEDBACK_MS = 1_500;

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function Typing() {
  return (
    <span className={classes.typing} role="status" aria-label="The reply is on its way">
      <span />
      <span />
      <span />
    </span>
  );
}

function Attachments({ message }: { message: ChatMessage }) {
  const images = message.parts.flatMap((part) => (part.type === 'image' ? [part] : []));
  const files = message.parts.flatMap((part) => (part.type === 'file' ? [part] : []));
  if (images.length === 0 && files.length === 0) return null;
  return (
    <Group gap="xs" mt={4}>
      {images.map((image, index) => (
        // Inline data of the user's own image: nothing is fetched.
        <img key={`image-${index}`} className={classes.thumbnail} src={`data:${image.mimeType};base64,${image.data}`} alt={`Attached image ${index + 1}`} />
      ))}
      {files.map((file) => (
        <Badge key={file.filePath} variant="light" color="gray" leftSection={<IconFile size={14} />} style={{ textTransform: 'none' }}>
          {file.fileName}
        </Badge>
      ))}
    </Group>
  );
}

function ReplyBody({ message }: { message: ChatMessage }) {
  const raw = messageText(message);
  const html = useMemo(() => replyDisplayHtml(raw), [raw]);
  return (
    <Stack gap={4}>
      {/* Sanitized by replyDisplayHtml: text and structure only. */}
      {html && <div className={classes.reply} dangerouslySetInnerHTML={{ __html: html }} />}
      {message.status === 'streaming' && <Typing />}
      {message.status === 'stopped' && (
        <Badge variant="outline" color="gray" size="sm">
          Stopped
        </Badge>
      )}
      {message.status === 'failed' && (
        <Alert color="red" variant="light" p="xs">
          {message.error ?? 'Chat request failed'}
        </Alert>
      )}
    </Stack>
  );
}

function useCopiedFlag() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flag = () => {
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  };
  return { copied, flag };
}

const cannotCopy = () =>
  notifications.show({ color: 'red', title: 'Could not copy', message: 'The browser did not allow copying to the clipboard. Select the text and copy it by hand.' });

function ChatMessageItemView({ message, onDelete, onExport }: ChatMessageItemProps) {
  const isModel = message.role === 'model';
  const { copied, flag } = useCopiedFlag();
  const raw = messageText(message);
  const shownText = isModel ? '' : typedText(message);
  const hasReplyText = isModel && raw.trim() !== '';

  const copy = async () => {
    try {
      if (isModel) await copyText(replyPlainText(raw), replyDisplayHtml(raw));
      else await copyText(shownText);
      flag();
    } catch {
      cannotCopy();
    }
  };

  const share = async () => {
    try {
      const outcome = await shareText(replyPlainText(raw), 'Chartside chat');
      if (outcome === 'copied') notifications.show({ message: 'This browser cannot share from here, so the reply was copied to the clipboard.' });
    } catch {
      cannotCopy();
    }
  };

  return (
    <Paper component="article" aria-label={isModel ? 'Assistant' : 'You'} className={`${classes.message} ${isModel ? classes.model : classes.user}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" fw={600} c="dimmed">
          {isModel ? 'Assistant' : 'You'} · {time(message.createdAt)}
        </Text>
        <Group gap={2} wrap="nowrap">
          {(!isModel || hasReplyText) && (
            <Tooltip label={copied ? 'Copied' : 'Copy'}>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Copy" onClick={() => void copy()}>
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
          {hasReplyText && message.status !== 'streaming' && (
            <>
              <Tooltip label="Export to Text Field">
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Export to Text Field" onClick={() => onExport(replyPlainText(raw))}>
                  <IconFileExport size={14} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Share">
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Share" onClick={() => void share()}>
                  <IconShare size={14} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" size="sm" aria-label="Delete" onClick={() => onDelete(message.id)}>
              <IconTrash size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {isModel ? <ReplyBody message={message} /> : shownText && <Text className={classes.typedText}>{shownText}</Text>}
      {!isModel && <Attachments message={message} />}
    </Paper>
  );
}

/** Messages that did not change are not rendered again while a reply streams in below them. */
export const ChatMessageItem = memo(ChatMessageItemView);
