// The Text Transformer (spec: Dialogs; 'The transformer image upload accepts only image files'): images of a lab
// printout, a monitor or a handwritten note become text. Images are chosen, dropped or pasted; anything else is refused
// with a message. An optional instruction says what to do; Run sends the images, scaled down in the browser, to
// POST /transform. The result can be copied or exported into a note section.
import { chatContract, MAX_TRANSFORM_IMAGES } from '@chartside/shared';
import { Alert, Button, FileButton, Group, Modal, Paper, Pill, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { AiNotSetUpAlert } from '../../../components/AiNotSetUpAlert';
import { IconCheck, IconCopy, IconFileExport, IconPhoto } from '../../../components/icons';
import { useCopyText } from '../../../components/use-copy-text';
import { useAiNotSetUp } from '../../../platform/ai-status';
import { createClientId } from '../../../platform/client-id';
import { useApi } from '../../../platform/platform-context';
import { ExportDialog } from '../export/ExportDialog';
import { transformImage } from './transform-image';

export interface TextTransformerDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The patient open on screen: Export to Text Field offers them first. */
  patientId?: string | undefined;
}

export const notAnImage = (name: string) => `"${name}" is not an image. The Text Transformer reads image files only: a photo or screenshot of a printout or a note.`;

interface ChosenImage {
  key: string;
  file: File;
}

export function TextTransformerDialog({ opened, onClose, patientId }: TextTransformerDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Text Transformer" size="lg" centered>
      {opened && <Transformer onClose={onClose} patientId={patientId} />}
    </Modal>
  );
}

function Transformer({ onClose, patientId }: Omit<TextTransformerDialogProps, 'opened'>) {
  const api = useApi();
  const notSetUp = useAiNotSetUp('transformer');
  const [images, setImages] = useState<ChosenImage[]>([]);
  const [problem, setProblem] = useState<string>();
  const [instruction, setInstruction] = useState('');
  const [exporting, setExporting] = useState(false);
  const resetFiles = useRef<() => void>(null);
  const { copied, copy } = useCopyText();
  const run = useMutation({
    mutationFn: async () => {
      const parts = await Promise.all(images.map((image) => transformImage(image.file)));
      return api.call(chatContract.transform, { body: { images: parts, ...(instruction.trim() ? { instruction: instruction.trim() } : {}) } });
    },
  });

  const add = (files: readonly File[]) => {
    setProblem(undefined);
    const accepted: ChosenImage[] = [];
    for (const file of files) {
      if (!file.type.startsWith('image/')) {
        setProblem(notAnImage(file.name));
        continue;
      }
      if (images.length + accepted.length >= MAX_TRANSFORM_IMAGES) {
        setProblem(`At most ${MAX_TRANSFORM_IMAGES} images at a time.`);
        break;
      }
      accepted.push({ key: createClientId(), file });
    }
    if (accepted.length > 0) setImages((current) => [...current, ...accepted]);
    resetFiles.current?.();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    add([...event.dataTransfer.files]);
  };
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    add(files);
  };

  const result = run.data?.text;

  return (
    <Stack gap="sm" onPaste={onPaste}>
      {notSetUp && <AiNotSetUpAlert hint={notSetUp.hint} />}
      <Paper withBorder p="md" onDragOver={(event) => event.preventDefault()} onDrop={onDrop} style={{ borderStyle: 'dashed' }}>
        <Stack gap="xs" align="center">
          <Text size="sm" c="dimmed" ta="center">
            Drop or paste images here: a lab printout, a monitor screen, a handwritten note.
          </Text>
          <FileButton onChange={add} accept="image/*" multiple resetRef={resetFiles}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPhoto />}>
                Choose images
              </Button>
            )}
          </FileButton>
        </Stack>
      </Paper>
      {images.length > 0 && (
        <Group gap={6} role="list" aria-label="Images">
          {images.map((image) => (
            <Pill
              key={image.key}
              role="listitem"
              withRemoveButton
              onRemove={() => setImages((current) => current.filter((candidate) => candidate.key !== image.key))}
              removeButtonProps={{ 'aria-label': `Remove ${image.file.name}` }}
            >
              {image.file.name}
            </Pill>
          ))}
        </Group>
      )}
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      <Textarea
        label="Instruction (optional)"
        placeholder="Transcribe this lab printout or handwritten note"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2_000}
        value={instruction}
        onChange={(event) => setInstruction(event.currentTarget.value)}
      />
      {run.error && (
        <Alert color="red" title="The images were not transformed">
          {run.error.message}
        </Alert>
      )}
      {result !== undefined && (
        <>
          <Textarea label="Result" autosize minRows={4} maxRows={16} readOnly value={result} />
          <Group gap="xs">
            <Button variant="default" leftSection={copied ? <IconCheck /> : <IconCopy />} onClick={() => void copy(result)}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
            <Button variant="default" leftSection={<IconFileExport />} onClick={() => setExporting(true)}>
              Export to Text Field
            </Button>
          </Group>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={() => run.mutate()} disabled={images.length === 0 || notSetUp !== undefined} loading={run.isPending}>
          Run
        </Button>
      </Group>
      <ExportDialog opened={exporting} text={result ?? ''} patientId={patientId} onClose={() => setExporting(false)} />
    </Stack>
  );
}
