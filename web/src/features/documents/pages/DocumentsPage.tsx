// /documents: every stored file of the user (a resource's files, uploads made here, images pasted into notes) with its
// type, size, date and the resource that holds it; rename, download and delete (confirmed); upload by button or drag
// and drop with a progress bar per file; the storage the files use.
import { DOCUMENT_EXTENSIONS, documentTypeLabel, formatFileSize, MAX_FILE_BYTES, type DocumentFile } from '@chartside/shared';
import { ActionIcon, Alert, Anchor, Box, Button, FileButton, Group, Paper, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { IconPencil } from '../../../components/icons';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useApi } from '../../../platform/platform-context';
import { documentKeys, documentPath, downloadDocument, uploadDocument, useDeleteDocument, useDocuments, useRenameDocument } from '../queries';

const ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where a file lives, in words: the resource (a link), this page, or a note. */
function Place({ file }: { file: DocumentFile }) {
  if (file.resource) {
    return (
      <>
        In resource{' '}
        <Anchor component={Link} to={`/resources/${file.resource.id}`} size="xs">
          {file.resource.name || 'Untitled resource'}
        </Anchor>
      </>
    );
  }
  return <>{file.source === 'upload' ? 'Uploaded here' : 'Not in a resource (an image pasted into a note)'}</>;
}

interface RowProps {
  file: DocumentFile;
  onDelete: () => void;
}

function DocumentRow({ file, onDelete }: RowProps) {
  const api = useApi();
  const rename = useRenameDocument();
  const [renaming, setRenaming] = useState(false);
  const [problem, setProblem] = useState<string>();

  const saveName = (name: string) => {
    setRenaming(false);
    if (!name || name === file.name) return;
    setProblem(undefined);
    rename.mutate({ fileId: file.fileId, name }, { onError: (error) => setProblem(`Not renamed. ${error.message}`) });
  };
  const download = () => {
    setProblem(undefined);
    downloadDocument(api, file).catch((error: unknown) => setProblem(`Not downloaded. ${error instanceof Error ? error.message : ''}`.trim()));
  };

  return (
    <Paper component="li" withBorder px="sm" py="xs" style={{ listStyle: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        {renaming ? (
          <TextInput
            label={`New name for ${file.name}`}
            defaultValue={file.name}
            autoFocus
            style={{ flex: 1, minWidth: 200 }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setRenaming(false);
              if (event.key === 'Enter') saveName(event.currentTarget.value.trim());
            }}
            onBlur={(event) => saveName(event.currentTarget.value.trim())}
          />
        ) : (
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Anchor component={Link} to={documentPath(file.fileId)} fw={500} style={{ overflowWrap: 'anywhere' }}>
              {rename.isPending ? rename.variables.name : file.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {documentTypeLabel(file.extension)} · {formatFileSize(file.size)} · {dateFormat.format(new Date(file.storedAt))}
            </Text>
            <Text size="xs" c="dimmed">
              <Place file={file} />
            </Text>
          </Stack>
        )}
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="subtle" onClick={download} aria-label={`Download ${file.name}`}>
            Download
          </Button>
          {!renaming && (
            <ActionIcon variant="subtle" size="lg" onClick={() => setRenaming(true)} aria-label={`Rename ${file.name}`}>
              <IconPencil />
            </ActionIcon>
          )}
          <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${file.name}`}>
            Delete
          </Button>
        </Group>
      </Group>
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
    </Paper>
  );
}

interface UploadProgress {
  key: string;
  name: string;
  fraction: number;
}

export function DocumentsPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const documents = useDocuments();
  const remove = useDeleteDocument();
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<DocumentFile>();
  const [deleteError, setDeleteError] = useState<string>();
  const [dragging, setDragging] = useState(false);

  const upload = async (chosen: File[]) => {
    setUploadErrors([]);
    // One after another: each file's bar fills in turn, and a slow link is not split between them.
    for (const file of chosen) {
      const key = crypto.randomUUID();
      const track = (fraction: number) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, fraction } : u)));
      setUploads((all) => [...all, { key, name: file.name, fraction: 0 }]);
      try {
        await uploadDocument(api, file, track);
        await queryClient.invalidateQueries({ queryKey: documentKeys.list() });
      } catch (error) {
        setUploadErrors((all) => [...all, error instanceof Error && error.message.includes(file.name) ? error.message : `${file.name} was not uploaded. ${error instanceof Error ? error.message : ''}`.trim()]);
      } finally {
        setUploads((all) => all.filter((u) => u.key !== key));
      }
    }
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  };

  const files = documents.data?.files;
  return (
    <PageFrame
      title="Documents"
      actions={
        <FileButton onChange={(chosen) => void upload(chosen)} multiple accept={ACCEPT}>
          {(props) => <Button {...props}>Upload files</Button>}
        </FileButton>
      }
    >
      <QueryErrorAlert query={documents} what="your documents" />
      {documents.data && (
        <Text aria-live="polite">
          Storage used: <strong>{formatFileSize(documents.data.usedBytes)}</strong> in {files?.length === 1 ? '1 file' : `${files?.length ?? 0} files`}
        </Text>
      )}
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="documents-drop-zone"
        p="md"
        style={{
          border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-4'})`,
          borderRadius: 'var(--mantine-radius-md)',
          textAlign: 'center',
        }}
      >
        <Text size="sm">Drop files here to upload them.</Text>
        <Text size="xs" c="dimmed">
          PDF, images (PNG, JPEG, GIF, WebP), text (TXT, MD, CSV) and Office documents, up to {formatFileSize(MAX_FILE_BYTES)} each.
        </Text>
      </Box>
      {uploads.map((u) => (
        <Stack key={u.key} gap={4}>
          <Text size="sm">
            Uploading {u.name}… {Math.round(u.fraction * 100)}%
          </Text>
          <Progress.Root size="lg">
            <Progress.Section value={Math.round(u.fraction * 100)} aria-label={`Uploading ${u.name}`} animated />
          </Progress.Root>
        </Stack>
      ))}
      {uploadErrors.length > 0 && (
        <Alert color="red" title="Not uploaded" withCloseButton closeButtonLabel="Dismiss" onClose={() => setUploadErrors([])}>
          <Stack gap={4}>
            {uploadErrors.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {deleteError && (
        <Alert color="red" title="Not deleted" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDeleteError(undefined)}>
          {deleteError}
        </Alert>
      )}
      {files?.length === 0 && (
        <Paper withBorder p="lg">
          <Stack gap="xs">
            <Text fw={600}>No documents yet</Text>
            <Text size="sm">
              Upload PDFs, images and text files here to keep them with you. Files you add to a resource and images you paste into a note are listed here
              too, with the storage they use.
            </Text>
          </Stack>
        </Paper>
      )}
      {files && files.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label="Documents">
          {files.map((file) => (
            <DocumentRow key={file.fileId} file={file} onDelete={() => setDeleting(file)} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={deleting !== undefined}
        title="Delete this file?"
        confirmLabel="Delete file"
        pending={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (!deleting) return;
          setDeleteError(undefined);
          remove.mutate(deleting.fileId, {
            onError: (error) => setDeleteError(`${deleting.name} was not deleted. ${error.message}`),
            onSettled: () => setDeleting(undefined),
          });
        }}
      >
        <Text>
          &ldquo;{deleting?.name}&rdquo; is deleted from storage
          {deleting?.resource ? <> and removed from the resource &ldquo;{deleting.resource.name}&rdquo;</> : null}
          {deleting?.source === 'other' ? '; a note that shows it will show a missing image' : ''}. This cannot be undone.
        </Text>
      </ConfirmDialog>
    </PageFrame>
  );
}
