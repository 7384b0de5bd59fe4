// /tools/transcription: a recording (a dictation made on a phone, a voice memo) turned into text by this deployment's
// dictation engine, to copy into a note.
import { Alert, Button, FileButton, Group, Progress, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { PageFrame } from '../../../components/PageFrame';
import { useFileTranscription } from '../../../components/dictation/use-file-transcription';
import { useCopyText } from '../../../components/use-copy-text';

const statusText = {
  idle: '',
  reading: 'Reading the recording…',
  transcribing: 'Transcribing…',
  done: 'Done.',
  failed: '',
} as const;

export function TranscriptionTool() {
  const { state, text, error, progress, transcribe, cancel } = useFileTranscription();
  const [fileName, setFileName] = useState<string>();
  const { copied, copy } = useCopyText();
  const busy = state === 'reading' || state === 'transcribing';

  const choose = (file: File | null) => {
    if (!file) return;
    setFileName(file.name);
    void transcribe(file);
  };

  return (
    <PageFrame title="Transcription">
      <Text>
        Choose a recording (WAV, MP3, M4A, OGG or WebM, up to an hour) and its words appear below, ready to copy into a note. The audio goes to this
        server&apos;s dictation engine only.
      </Text>
      <Group>
        <FileButton onChange={choose} accept="audio/*,video/webm">
          {(props) => (
            <Button {...props} disabled={busy}>
              Choose audio file
            </Button>
          )}
        </FileButton>
        {busy && (
          <Button variant="default" onClick={cancel}>
            Cancel
          </Button>
        )}
      </Group>
      {(busy || state === 'done') && (
        <Stack gap={4}>
          <Text size="sm" aria-live="polite">
            {fileName}: {statusText[state]}
          </Text>
          {state === 'transcribing' && <Progress value={progress * 100} aria-label="Audio sent to the engine" />}
        </Stack>
      )}
      {error && (
        <Alert color="red" title="The recording could not be transcribed">
          {error}
        </Alert>
      )}
      <Textarea label="Text" value={text} readOnly autosize minRows={6} placeholder="The recording's text appears here." />
      <Group>
        <Button variant="default" disabled={!text} onClick={() => void copy(text)}>
          {copied ? 'Copied' : 'Copy text'}
        </Button>
      </Group>
    </PageFrame>
  );
}
