// /documents/{id}: one file shown in the page (PDFs in the PDF viewer, images, text files), its download, and the way
// back to the list. Other types say they have no preview and offer the download.
import { documentPreview, documentTypeLabel, formatFileSize, type DocumentFile } from '@chartside/shared';
import { Alert, Anchor, Button, Group, Image, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { IconArrowLeft } from '../../../components/icons';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useApi } from '../../../platform/platform-context';
import { PdfViewer } from '../../pdf/PdfViewer';
import { downloadDocument, fetchDocument, useDocument } from '../queries';

type Loaded = { state: 'loading' } | { state: 'image'; url: string } | { state: 'text'; text: string } | { state: 'failed'; message: string };

/** An image or a text file, read through a presigned GET. */
function InlinePreview({ file }: { file: DocumentFile }) {
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const kind = documentPreview(file.extension);

  useEffect(() => {
    let objectUrl: string | undefined;
    let cancelled = false;
    void fetchDocument(api, file)
      .then(async (blob) => {
        if (cancelled) return;
        if (kind === 'image') {
          objectUrl = URL.createObjectURL(blob);
          setLoaded({ state: 'image', url: objectUrl });
        } else {
          const text = await blob.text();
          if (!cancelled) setLoaded({ state: 'text', text });
        }
      })
      .catch((error: unknown) => !cancelled && setLoaded({ state: 'failed', message: error instanceof Error ? error.message : 'Try again.' }));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, file, kind]);

  if (loaded.state === 'loading') return <Loader role="status" aria-label={`Opening ${file.name}`} />;
  if (loaded.state === 'failed') {
    return (
      <Alert color="red" title="The file could not be shown">
        {loaded.message}
      </Alert>
    );
  }
  if (loaded.state === 'image') return <Image src={loaded.url} alt={file.name} fit="contain" mah="75vh" w="auto" maw="100%" />;
  return (
    <Paper withBorder p="sm">
      <ScrollArea.Autosize mah="75vh">
        <Text component="pre" ff="monospace" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }} aria-label={`Text of ${file.name}`}>
          {loaded.text}
        </Text>
      </ScrollArea.Autosize>
    </Paper>
  );
}

export function DocumentPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const navigate = useNavigate();
  const document = useDocument(id);
  const [downloadError, setDownloadError] = useState<string>();
  const file = document.data;
  const preview = file ? documentPreview(file.extension) : 'none';

  const download = (target: DocumentFile) => {
    setDownloadError(undefined);
    downloadDocument(api, target).catch((error: unknown) => setDownloadError(error instanceof Error ? error.message : 'Try again.'));
  };

  return (
    <PageFrame title={file?.name ?? 'Document'} size="lg">
      <Anchor component={Link} to="/documents">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} /> Back to Documents
        </Group>
      </Anchor>
      {document.isError && 'status' in document.error && document.error.status === 404 ? (
        <Alert color="yellow" title="This file was not found">
          It may have been deleted. Your other files are in Documents.
        </Alert>
      ) : (
        <QueryErrorAlert query={document} what="this file" />
      )}
      {document.isPending && <Loader role="status" aria-label="Loading the file" />}
      {file && (
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {documentTypeLabel(file.extension)} · {formatFileSize(file.size)}
              {file.resource ? ` · in resource ${file.resource.name || 'Untitled resource'}` : ''}
            </Text>
            <Button variant="light" onClick={() => download(file)}>
              Download
            </Button>
          </Group>
          {downloadError && (
            <Alert color="red" title="Not downloaded">
              {downloadError}
            </Alert>
          )}
          {preview === 'pdf' && (
            <PdfViewer
              file={{ name: file.name, fileId: file.fileId, filePath: file.filePath, extension: file.extension, mimeType: file.mimeType, isTemp: false, size: file.size }}
              highlights={[]}
              onClose={() => void navigate('/documents')}
            />
          )}
          {(preview === 'image' || preview === 'text') && <InlinePreview file={file} />}
          {preview === 'none' && (
            <Alert color="gray" title="No preview for this type">
              Download the file to open it with an app on your device.
            </Alert>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
