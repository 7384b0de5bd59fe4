// Files (collapsible, with a count). A PDF's name opens it in the viewer; another file's opens it in a new tab. View
// mode lists them with 'Export to AI' (for a file a model can read: it goes to the resource's chat) and 'Open in new
// tab'; edit mode adds inline rename,
// delete (the stored object goes too, when the save drops it) and upload by file picker or drag and drop, with a
// progress bar. Adding or deleting a file saves at once.
import { formatFileSize, isPdfFile, type ResourceFile } from '@chartside/shared';
import { ActionIcon, Alert, Anchor, Box, Button, FileButton, Group, Paper, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useState, type DragEvent } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useApi } from '../../../platform/platform-context';
import { attachmentKind } from '../../chat/attachments';
import { useOpenInNewTab } from '../open-file';
import { uploadFile } from '../upload-file';
import { CollapsibleSection } from './CollapsibleSection';
import { IconPencil } from '../../../components/icons';

export interface FilesSectionProps {
  files: ResourceFile[];
  editable: boolean;
  /** A new file is saved at once; it is appended to the latest draft, not to `files` (a batch uploads one by one). */
  onAdd: (file: ResourceFile) => void;
  /** A rename or delete, as an update of the latest draft's files (not of `files`, which may be a render old). */
  onChange: (update: (current: ResourceFile[]) => ResourceFile[], options: { immediate: boolean }) => void;
  /** 'Export to AI': the file goes to the resource's chat. */
  onExportToAi: (file: ResourceFile) => void;
  /** A PDF's name was clicked: the viewer opens it. */
  onOpenPdf: (file: ResourceFile) => void;
}

interface UploadProgress {
  name: string;
  fraction: number;
}

interface FileRowProps {
  file: ResourceFile;
  editable: boolean;
  onRename: (name: string) => void;
  onDelete: () => void;
  onExportToAi: () => void;
  onOpenPdf: () => void;
}

function FileRow({ file, editable, onRename, onDelete, onExportToAi, onOpenPdf }: FileRowProps) {
  const openInNewTab = useOpenInNewTab();
  const [renaming, setRenaming] = useState(false);
  const [openError, setOpenError] = useState<string>();

  const openTab = () => {
    setOpenError(undefined);
    openInNewTab(file).catch((error: unknown) => setOpenError(error instanceof Error ? error.message : 'The file could not be opened.'));
  };

  return (
    <Paper component="li" withBorder px="sm" py="xs" style={{ listStyle: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        {renaming ? (
          <TextInput
            label={`New name for ${file.name}`}
            defaultValue={file.name}
            autoFocus
            style={{ flex: 1 }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setRenaming(false);
              if (event.key === 'Enter') event.currentTarget.blur();
            }}
            onBlur={(event) => {
              const name = event.currentTarget.value.trim();
              if (name && name !== file.name) onRename(name);
              setRenaming(false);
            }}
          />
        ) : (
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component="button" type="button" fw={500} ta="left" style={{ overflowWrap: 'anywhere' }} onClick={isPdfFile(file) ? onOpenPdf : openTab}>
              {file.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {[file.extension.toUpperCase(), file.size !== undefined ? formatFileSize(file.size) : undefined].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        )}
        <Group gap={4} wrap="nowrap">
          {!editable && attachmentKind({ name: file.name, type: file.mimeType }) && (
            <Button size="xs" variant="subtle" onClick={onExportToAi} aria-label={`Export ${file.name} to AI`}>
              Export to AI
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={openTab} aria-label={`Open ${file.name} in new tab`}>
            Open in new tab
          </Button>
          {editable && !renaming && (
            <>
              <ActionIcon variant="subtle" onClick={() => setRenaming(true)} aria-label={`Rename ${file.name}`}>
                <IconPencil />
              </ActionIcon>
              <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${file.name}`}>
                Delete
              </Button>
            </>
          )}
        </Group>
      </Group>
      {openError && (
        <Text size="sm" c="red.8" role="alert">
          {openError}
        </Text>
      )}
    </Paper>
  );
}

export function FilesSection({ files, editable, onAdd, onChange, onExportToAi, onOpenPdf }: FilesSectionProps) {
  const api = useApi();
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const [uploadError, setUploadError] = useState<string>();
  const [deleting, setDeleting] = useState<ResourceFile>();
  const [dragging, setDragging] = useState(false);

  const upload = async (chosen: File[]) => {
    setUploadError(undefined);
    for (const file of chosen) {
      const track = (fraction: number) => setUploads((all) => all.map((u) => (u.name === file.name ? { ...u, fraction } : u)));
      setUploads((all) => [...all, { name: file.name, fraction: 0 }]);
      try {
        onAdd(await uploadFile(api, file, track));
      } catch (error) {
        setUploadError(`${file.name} was not uploaded. ${error instanceof Error ? error.message : ''}`.trim());
      } finally {
        setUploads((all) => all.filter((u) => u.name !== file.name));
      }
    }
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  };

  return (
    <CollapsibleSection title="Files" count={files.length}>
      <Stack gap="sm">
        {files.length === 0 && <Text c="dimmed">No files yet.{editable ? '' : ' Switch to edit mode to upload one.'}</Text>}
        {files.length > 0 && (
          <Stack component="ul" gap="xs" p={0} m={0} aria-label="Files">
            {files.map((file) => (
              <FileRow
                key={file.fileId}
                file={file}
                editable={editable}
                onRename={(name) => onChange((current) => current.map((f) => (f.fileId === file.fileId ? { ...f, name } : f)), { immediate: false })}
                onDelete={() => setDeleting(file)}
                onExportToAi={() => onExportToAi(file)}
                onOpenPdf={() => onOpenPdf(file)}
              />
            ))}
          </Stack>
        )}
        {uploads.map((u) => (
          <Stack key={u.name} gap={4}>
            <Text size="sm">Uploading {u.name}…</Text>
            <Progress.Root size="lg">
              <Progress.Section value={Math.round(u.fraction * 100)} aria-label={`Uploading ${u.name}`} animated />
            </Progress.Root>
          </Stack>
        ))}
        {uploadError && (
          <Alert color="red" title="Upload failed" withCloseButton closeButtonLabel="Dismiss" onClose={() => setUploadError(undefined)}>
            {uploadError}
          </Alert>
        )}
        {editable && (
          <Box
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
            p="md"
            style={{
              border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-4'})`,
              borderRadius: 'var(--mantine-radius-md)',
              textAlign: 'center',
            }}
          >
            <Stack gap="xs" align="center">
              <Text size="sm">Drop files here, or</Text>
              <FileButton onChange={(chosen) => void upload(chosen)} multiple>
                {(props) => (
                  <Button variant="light" {...props}>
                    Upload files
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                Up to 100 MB each.
              </Text>
            </Stack>
          </Box>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== undefined}
        title="Delete this file?"
        confirmLabel="Delete file"
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (deleting) onChange((current) => current.filter((f) => f.fileId !== deleting.fileId), { immediate: true });
          setDeleting(undefined);
        }}
      >
        <Text>&ldquo;{deleting?.name}&rdquo; is removed from this resource and deleted from storage. This cannot be undone.</Text>
      </ConfirmDialog>
    </CollapsibleSection>
  );
}
