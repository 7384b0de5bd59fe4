// One resource, open: Back, the favorite bookmark, the edit toggle and the save status; the details (view or edit
// mode), Files, Highlights and the content sections; the chat about the resource, docked at the bottom (a floating
// button opens it on a phone). Every edit goes through the autosave.
import { isPdfFile, isResourceName, type Highlight, type Resource, type ResourceFields, type ResourceFile } from '@chartside/shared';
import { ActionIcon, Affix, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { createClientId } from '../../../platform/client-id';
import type { ChatShare } from '../../chat/components/Composer';
import { LeaveWithoutSavingDialog } from '../../../components/LeaveWithoutSavingDialog';
import { ResourceTypeIcon } from '../../../components/ResourceTypeIcon';
import { SaveStatusIndicator } from '../../../components/SaveStatusIndicator';
import { fieldList } from '../field-labels';
import { useDeleteResource, useOpenAccessPdf } from '../queries';
import { useResourceAutosave } from '../use-resource-autosave';
import type { FieldName } from '../resource-saver';
import { ResourceConflictDialog } from './ConflictDialog';
import { FilesSection } from './FilesSection';
import { HighlightsSection, highlightsForChat, withoutHighlight } from './HighlightsSection';
import { ResourceDetails } from './ResourceDetails';
import { ResourceDetailsForm } from './ResourceDetailsForm';
import { IconArrowLeft, IconBookmark, IconMessage, IconPencil } from '../../../components/icons';
import { resourceExportTarget } from '../chat-export-target';

// The sections carry the rich-text editor: a chunk of its own, loaded after the rest of the page.
const ResourceSections = lazy(async () => ({ default: (await import('../sections/ResourceSections')).ResourceSections }));
// The chat comes with the chat chunk, the first time it is shown.
/** The viewer's module once loaded: rendered directly then, since a lazy component shows its fallback at least once. */
let pdfViewerModule: typeof import('../../pdf/PdfViewer') | undefined;
const loadPdfViewer = async () => (pdfViewerModule ??= await import('../../pdf/PdfViewer'));
const LazyPdfViewer = lazy(async () => ({ default: (await loadPdfViewer()).PdfViewer }));
const ResourceChatDialog = lazy(async () => ({ default: (await import('../../chat/components/ResourceChatDialog')).ResourceChatDialog }));

/** Mantine's `sm` breakpoint: below it the chat is a floating button until opened. */
const WIDE = '(min-width: 48em)';
type ChatState = 'closed' | 'minimized' | 'open';

export function ResourceScreen({ resource }: { resource: Resource }) {
  const { saver, leaving, ready, draft, status, error, conflict } = useResourceAutosave(resource);
  // `?edit=1` (the edit pencil on a search result) opens the resource in edit mode.
  const [searchParams] = useSearchParams();
  const [editing, setEditing] = useState(searchParams.get('edit') === '1');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const remove = useDeleteResource();
  const openAccess = useOpenAccessPdf(resource.id);
  const hasOpenAccessPdf = draft.type === 'article' && Boolean(draft.article?.oa_locations.some((location) => location.url_for_pdf));
  const hasPdf = hasOpenAccessPdf || draft.files.some(isPdfFile);
  // A resource with a PDF loads the viewer's code while it is read, so a click on the PDF does not wait for it.
  useEffect(() => {
    if (hasPdf) void loadPdfViewer().then(({ preloadPdfJs }) => preloadPdfJs(), () => undefined);
  }, [hasPdf]);
  const navigate = useNavigate();
  const location = useLocation();
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  // On a wide screen the chat waits, minimized, at the bottom; on a phone behind a floating button.
  const [chat, setChat] = useState<ChatState>(() => (wide ? 'minimized' : 'closed'));
  const [share, setShare] = useState<ChatShare>();
  /** The PDF open in the viewer, and the highlight to scroll to. */
  const [pdf, setPdf] = useState<{ file: ResourceFile; focus?: { highlightId: string; nonce: number } }>();

  const change = (fields: Partial<ResourceFields>, immediate = false) => saver.change(fields, { immediate });
  // Lists change from the saver's current draft: the props may be a render old.
  const latest = () => saver.getState().draft;

  const shareWithChat = (shared: ChatShare) => {
    setShare(shared);
    setChat('open');
  };

  // A PDF shows its own highlights and the older article notes (which name no PDF).
  const highlightsOn = (file: ResourceFile): Highlight[] => [...(draft.pdfHighlights[file.fileId] ?? []), ...draft.articleNotes];

  const saveHighlight = (highlight: Highlight) => {
    const { pdfHighlights } = latest();
    change({ pdfHighlights: { ...pdfHighlights, [highlight.pdfId]: [...(pdfHighlights[highlight.pdfId] ?? []), highlight] } }, true);
  };

  const showHighlight = (highlight: Highlight) => {
    const file = draft.files.find((candidate) => candidate.fileId === highlight.pdfId) ?? draft.files.find(isPdfFile);
    if (!file) {
      notifications.show({ color: 'yellow', title: 'The PDF is not here', message: 'The PDF of this highlight is no longer among the files of this resource.' });
      return;
    }
    setPdf({ file, focus: { highlightId: highlight.id, nonce: Date.now() } });
  };

  const PdfViewer = pdfViewerModule?.PdfViewer ?? LazyPdfViewer;

  const back = () => (location.key === 'default' ? void navigate('/resources') : void navigate(-1));

  const toggleEditing = () => {
    // Leaving edit mode saves at once; a name left blank (never saved) goes back to the saved one.
    if (editing && !isResourceName(draft.name)) saver.change({ name: saver.getState().base.name }, { immediate: true });
    else if (editing) void saver.flush();
    setEditing(!editing);
  };

  const deleteResource = () =>
    remove.mutate(resource.id, {
      onSuccess: () => {
        notifications.show({ title: 'Resource deleted', message: `"${draft.name}" and its files were deleted.` });
        void navigate('/resources', { replace: true });
      },
      onError: (failure) => notifications.show({ color: 'red', title: 'The resource was not deleted', message: failure.message }),
    });

  // Edits kept on this device are being restored: the editors open on them, not on the text before.
  if (!ready) return <Loader role="status" aria-label="Loading the resource" />;

  return (
    // Room at the bottom for the docked chat bar or the floating chat button.
    <Stack gap="md" pb={72}>
      <Group justify="space-between" gap="xs">
        <Button variant="subtle" leftSection={<IconArrowLeft />} onClick={back} px="xs">
          Back
        </Button>
        <Group gap="xs" wrap="nowrap">
          <SaveStatusIndicator status={status} error={error} onRetry={() => void saver.retry()} />
          <Tooltip label={draft.favorite ? 'Remove from favorites' : 'Add to favorites'}>
            <ActionIcon variant="subtle" color="yellow.8" size="lg" aria-label="Favorite" aria-pressed={draft.favorite} onClick={() => change({ favorite: !draft.favorite }, true)}>
              <IconBookmark filled={draft.favorite} />
            </ActionIcon>
          </Tooltip>
          {wide && chat === 'closed' && (
            <Button variant="light" leftSection={<IconMessage />} onClick={() => setChat('open')}>
              AI chat
            </Button>
          )}
          {draft.textSections.length > 0 && (
            <Button variant="light" onClick={() => void navigate(`/present/${encodeURIComponent(resource.id)}`)}>
              Present
            </Button>
          )}
          <Button variant={editing ? 'filled' : 'light'} leftSection={<IconPencil />} aria-pressed={editing} onClick={toggleEditing}>
            Edit
          </Button>
        </Group>
      </Group>

      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ResourceTypeIcon type={draft.type} size={36} label />
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {isResourceName(draft.name) ? draft.name.trim() : 'Untitled resource'}
        </Title>
      </Group>

      {!editing && hasOpenAccessPdf && (
        <Group gap="xs">
          <Button
            variant="light"
            loading={openAccess.isPending}
            onClick={() => openAccess.mutate(undefined, { onSuccess: ({ file }) => setPdf({ file }) })}
          >
            Open the open-access PDF
          </Button>
          {openAccess.isError && (
            <Text size="sm" c="red.8" role="alert">
              {openAccess.error.message}
            </Text>
          )}
        </Group>
      )}
      {editing ? (
        <ResourceDetailsForm fields={draft} onChange={(fields) => change(fields)} onDelete={() => setConfirmingDelete(true)} />
      ) : (
        <ResourceDetails fields={draft} />
      )}

      <FilesSection
        files={draft.files}
        editable={editing}
        onAdd={(file) => change({ files: [...latest().files, file] }, true)}
        onChange={(update, { immediate }) => change({ files: update(latest().files) }, immediate)}
        onExportToAi={(file) => shareWithChat({ id: createClientId(), file })}
        onOpenPdf={(file) => setPdf({ file })}
      />
      {pdf && (
        <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the PDF viewer" />}>
          <PdfViewer
            key={pdf.file.fileId}
            file={pdf.file}
            highlights={highlightsOn(pdf.file)}
            focus={pdf.focus}
            onSave={saveHighlight}
            onClose={() => setPdf(undefined)}
          />
        </Suspense>
      )}
      <HighlightsSection
        fields={draft}
        onRemove={(id) => change(withoutHighlight(latest(), id), true)}
        onShow={showHighlight}
        onExportToAi={(highlights) => shareWithChat({ id: createClientId(), text: highlightsForChat(highlights) })}
      />
      <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the sections" />}>
        <ResourceSections sections={draft.textSections} editable={editing} onChange={(update, { immediate }) => change({ textSections: update(latest().textSections) }, immediate)} />
      </Suspense>

      {chat !== 'closed' && (
        <Suspense>
          <ResourceChatDialog
            resourceId={resource.id}
            resourceName={isResourceName(draft.name) ? draft.name.trim() : 'Untitled resource'}
            minimized={chat === 'minimized'}
            onMinimizedChange={(minimized) => setChat(minimized ? 'minimized' : 'open')}
            onClose={() => {
              // What was shared before is not taken again when the chat is next opened.
              setShare(undefined);
              setChat('closed');
            }}
            exportTarget={resourceExportTarget(() => latest().textSections, change)}
            share={share}
          />
        </Suspense>
      )}
      {!wide && chat === 'closed' && (
        <Affix position={{ bottom: 20, right: 20 }}>
          <Tooltip label="Chat about this resource">
            <ActionIcon size={52} radius="xl" variant="filled" aria-label="Chat about this resource" onClick={() => setChat('open')}>
              <IconMessage size={24} />
            </ActionIcon>
          </Tooltip>
        </Affix>
      )}

      <ResourceConflictDialog conflict={conflict} onResolve={(choice, theirsVersion) => saver.resolveConflict(choice, theirsVersion)} />
      <LeaveWithoutSavingDialog
        status={status}
        error={error}
        changed={fieldList([...(Object.keys(saver.unsavedChanges()) as FieldName[]), ...(conflict?.fields ?? [])])}
        leaving={leaving}
      />
      <ConfirmDialog
        opened={confirmingDelete}
        title="Delete this resource?"
        confirmLabel="Delete Resource"
        pending={remove.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={deleteResource}
      >
        <Text>
          &ldquo;{draft.name}&rdquo; is deleted with its {draft.files.length === 1 ? 'file' : `${draft.files.length} files`}, sections and highlights. This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
