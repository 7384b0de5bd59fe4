// The PDF viewer (spec: Resource screen, PDF Viewer; section 9). pdf.js's own PDFViewer does the heavy lifting: pages
// at page-width scale, only those near the viewport rendered (older ones let go, so memory stays bounded), canvases
// capped at MAX_CANVAS_PIXELS, and a text layer for selecting text. Saved highlights are drawn again each time a
// page's text layer is rendered (scrolling back, zooming, resizing), anchored by ./anchoring.
// The PDF's bytes are kept on this device once opened, so it opens again offline.
import type { Highlight, ResourceFile } from '@chartside/shared';
import { Alert, Box, Button, Group, Loader, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { createClientId } from '../../platform/client-id';
import { cachedFileBytes } from '../../platform/offline';
import { useApi } from '../../platform/platform-context';
import { fetchStoredFile } from '../../platform/stored-files';
import { HighlightPainter } from './highlight-painter';
import { newHighlight } from './highlights';
import { loadPdfJs, MAX_CANVAS_PIXELS, PDFJS_DATA_PATH, type PdfJsViewer } from './pdfjs';
import { offsetsIn, pageTextOf } from './text-layer';
import './pdf-viewer.css';

export interface PdfViewerProps {
  file: ResourceFile;
  /** The highlights to draw on this PDF. */
  highlights: Highlight[];
  /** A highlight to scroll to; a new `nonce` scrolls again. */
  focus?: { highlightId: string; nonce: number } | undefined;
  /** Saves a selected text as a highlight; without it (a preview outside a resource) the highlight buttons are left out. */
  onSave?: ((highlight: Highlight) => void) | undefined;
  onClose: () => void;
}

type PDFViewer = InstanceType<PdfJsViewer['PDFViewer']>;
type LoadState = { state: 'loading' } | { state: 'ready'; pages: number } | { state: 'failed'; title: string; message: string };

/** What the viewer says when a PDF cannot be shown (spec section 8: the PDF library missing asks to load it). */
function failureOf(error: unknown, stage: 'library' | 'download' | 'open'): { title: string; message: string } {
  const name = error instanceof Error ? error.name : '';
  if (stage === 'library') return { title: 'The PDF viewer could not be loaded', message: 'Connect to the internet and open the PDF again: the viewer is kept on this device once loaded.' };
  if (stage === 'download') {
    const offline = error instanceof TypeError || !navigator.onLine;
    return offline
      ? { title: 'This PDF is not on this device yet', message: 'It opens offline once it has been opened online. Connect to the internet and try again.' }
      : { title: 'The PDF could not be downloaded', message: error instanceof Error ? error.message : 'Try again.' };
  }
  if (name === 'PasswordException') return { title: 'This PDF is protected by a password', message: 'It cannot be shown here. Use Open in new tab to open it with its password.' };
  return { title: 'This PDF could not be read', message: 'The file is damaged or empty, or it is not a PDF.' };
}

/** Loads pdf.js ahead of a click (offline before it was ever cached: the viewer says so when opened). */
export const preloadPdfJs = () => void loadPdfJs().catch(() => undefined);

export function PdfViewer({ file, highlights, focus, onSave, onClose }: PdfViewerProps) {
  const api = useApi();
  const rootRef = useRef<HTMLElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<PDFViewer>(undefined);
  const [load, setLoad] = useState<LoadState>({ state: 'loading' });
  const [page, setPage] = useState(1);
  const [scale, setScale] = useState(1);
  const [selected, setSelected] = useState(false);
  const [unplaced, setUnplaced] = useState<ReadonlySet<string>>(new Set());
  const [painter] = useState(() => new HighlightPainter(setUnplaced));

  // Opened from the list of files further up: the viewer comes into view. (Block bodies: scrollIntoView returns a
  // promise in newer browsers, and an effect may return only its cleanup.)
  useEffect(() => {
    rootRef.current?.scrollIntoView({ block: 'start' });
  }, [file.fileId]);

  // Open the document: library, bytes (from this device when kept), then pdf.js's viewer in the container.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let cleanup = () => {};
    const fail = (error: unknown, stage: Parameters<typeof failureOf>[1]) => {
      if (!cancelled) setLoad({ state: 'failed', ...failureOf(error, stage) });
    };
    void (async () => {
      let pdfjs: Awaited<ReturnType<typeof loadPdfJs>>;
      try {
        pdfjs = await loadPdfJs();
      } catch (error) {
        return fail(error, 'library');
      }
      let bytes: ArrayBuffer;
      try {
        bytes = await cachedFileBytes(file.filePath, () => fetchStoredFile(api, file.filePath));
      } catch (error) {
        return fail(error, 'download');
      }
      if (cancelled) return;
      const task = pdfjs.lib.getDocument({
        data: new Uint8Array(bytes),
        standardFontDataUrl: `${PDFJS_DATA_PATH}standard_fonts/`,
        cMapUrl: `${PDFJS_DATA_PATH}cmaps/`,
        wasmUrl: `${PDFJS_DATA_PATH}wasm/`,
        isEvalSupported: false,
      });
      let document: Awaited<typeof task.promise>;
      try {
        document = await task.promise;
      } catch (error) {
        void task.destroy();
        return fail(error, 'open');
      }
      if (cancelled) {
        void task.destroy();
        return;
      }
      const eventBus = new pdfjs.viewer.EventBus();
      const viewer = new pdfjs.viewer.PDFViewer({
        container,
        eventBus,
        textLayerMode: 1,
        // Links, forms and scripts of the PDF stay inert: this viewer is for reading and highlighting.
        annotationMode: pdfjs.lib.AnnotationMode.DISABLE,
        maxCanvasPixels: MAX_CANVAS_PIXELS,
      });
      viewerRef.current = viewer;
      // The pages are laid out: the viewer is ready for the page count, a page to scroll to and highlights.
      eventBus.on('pagesinit', () => {
        viewer.currentScaleValue = 'page-width';
        painter.attach(viewer);
        setLoad({ state: 'ready', pages: document.numPages });
      });
      eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => setPage(pageNumber));
      eventBus.on('scalechanging', ({ scale: next }: { scale: number }) => setScale(next));
      eventBus.on('textlayerrendered', ({ pageNumber }: { pageNumber: number }) => painter.drawPage(pageNumber));
      viewer.setDocument(document);
      // A page-width PDF follows the width of its box (a turned phone, a resized window).
      const resized = new ResizeObserver(() => {
        if (viewer.currentScaleValue === 'page-width') viewer.currentScaleValue = 'page-width';
      });
      resized.observe(container);
      cleanup = () => {
        resized.disconnect();
        painter.attach(undefined);
        viewerRef.current = undefined;
        viewer.cleanup();
        void task.destroy();
      };
    })();
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [api, file.filePath, painter]);

  // New or removed highlights: the rendered pages are drawn again.
  useEffect(() => {
    painter.setHighlights(highlights);
  }, [painter, highlights]);

  // A highlight chosen in the list: its page is scrolled to, then the highlight itself once the page is drawn.
  useEffect(() => {
    if (focus && load.state === 'ready') painter.focus(focus.highlightId);
  }, [painter, focus, load.state]);

  // Save Selected Text is enabled by a non-empty selection in this viewer's text.
  useEffect(() => {
    const onSelection = () => {
      const selection = document.getSelection();
      const container = containerRef.current;
      setSelected(Boolean(selection && !selection.isCollapsed && selection.toString().trim() && container?.contains(selection.anchorNode)));
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, []);

  const saveSelection = () => {
    const viewer = viewerRef.current;
    const selection = document.getSelection();
    if (!viewer || !selection || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    // A selection across pages keeps the part on the page where it starts.
    const start = range.startContainer instanceof Element ? range.startContainer : range.startContainer.parentElement;
    const pageNumber = Number(start?.closest<HTMLElement>('.page')?.dataset.pageNumber);
    const layer = (viewer.getPageView(pageNumber - 1) as { textLayer?: { div: HTMLDivElement } | null } | undefined)?.textLayer?.div;
    if (!pageNumber || !layer) return;
    const pageText = pageTextOf(layer);
    const offsets = offsetsIn(pageText, layer, range);
    if (!offsets || !pageText.text.slice(offsets.start, offsets.end).trim()) return;
    onSave?.(newHighlight({ id: createClientId(), pdfId: file.fileId, pageNumber, pageText: pageText.text, ...offsets, now: new Date() }));
    selection.removeAllRanges();
  };

  const goTo = (value: string | number) => {
    const viewer = viewerRef.current;
    const pageNumber = Number(value);
    if (viewer && Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= viewer.pagesCount) viewer.currentPageNumber = pageNumber;
  };

  const ready = load.state === 'ready';
  return (
    <Paper ref={rootRef} withBorder p="xs" component="section" aria-label={`PDF: ${file.name}`}>
      <Stack gap="xs">
        <Text fw={600} truncate="end">
          {file.name}
        </Text>
        <Group gap="xs">
          {onSave && (
            <>
              <Button size="xs" onClick={saveSelection} disabled={!ready || !selected}>
                Save Selected Text
              </Button>
              <Button size="xs" variant="default" onClick={() => document.getSelection()?.removeAllRanges()} disabled={!ready}>
                Clear Selection
              </Button>
              <Button size="xs" variant="default" onClick={() => painter.drawAll()} disabled={!ready}>
                Restore Highlights
              </Button>
            </>
          )}
          <Button size="xs" variant="default" onClick={onClose}>
            Close PDF
          </Button>
        </Group>
        {ready && (
          <Group gap="xs">
            <Button size="compact-sm" variant="default" aria-label="Zoom out" onClick={() => viewerRef.current?.decreaseScale()}>
              −
            </Button>
            <Text size="sm" aria-live="polite" w={48} ta="center">
              {Math.round(scale * 100)}%
            </Text>
            <Button size="compact-sm" variant="default" aria-label="Zoom in" onClick={() => viewerRef.current?.increaseScale()}>
              +
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => viewerRef.current && (viewerRef.current.currentScaleValue = 'page-width')}>
              Fit width
            </Button>
            <Group gap={4} wrap="nowrap">
              <NumberInput
                aria-label="Page"
                size="xs"
                w={72}
                min={1}
                max={load.pages}
                value={page}
                onChange={goTo}
                allowDecimal={false}
                hideControls
              />
              <Text size="sm">of {load.pages}</Text>
            </Group>
          </Group>
        )}
        {unplaced.size > 0 && (
          <Alert color="yellow" variant="light" p="xs">
            {unplaced.size === 1 ? '1 highlight was' : `${unplaced.size} highlights were`} not found on {unplaced.size === 1 ? 'its page' : 'their pages'}: the text there has changed.
          </Alert>
        )}
        {load.state === 'failed' && (
          <Alert color="red" title={load.title}>
            {load.message}
          </Alert>
        )}
        <Box pos="relative" h="min(75vh, 1100px)" display={load.state === 'failed' ? 'none' : undefined} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          {load.state === 'loading' && <Loader role="status" aria-label="Opening the PDF" pos="absolute" top="40%" left="calc(50% - 18px)" />}
          {/* pdf.js wants an absolutely positioned scroll container holding the .pdfViewer element. */}
          <div ref={containerRef} data-testid="pdf-scroll" style={{ position: 'absolute', inset: 0, overflow: 'auto' }}>
            <div className="pdfViewer" />
          </div>
        </Box>
      </Stack>
    </Paper>
  );
}
