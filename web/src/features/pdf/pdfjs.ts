// pdf.js, loaded on first use: the library, its viewer components and its worker. The viewer module reads the library
// from `globalThis.pdfjsLib`, so the library is put there before the viewer is imported. The chunks are named 'pdf-…'
// so the service worker caches them on first use (web/vite.config.ts).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/** Where the build serves pdf.js's fonts, character maps and image decoders (web/vite.config.ts, pdfjsData). */
export const PDFJS_DATA_PATH = '/assets/pdfjs/';

/** Spec section 9: no page canvas is larger than this many pixels, however far the page is zoomed. */
export const MAX_CANVAS_PIXELS = 16_777_216;

export type PdfJs = typeof import('pdfjs-dist');
export type PdfJsViewer = typeof import('pdfjs-dist/web/pdf_viewer.mjs');

let loading: Promise<{ lib: PdfJs; viewer: PdfJsViewer }> | undefined;

export function loadPdfJs(): Promise<{ lib: PdfJs; viewer: PdfJsViewer }> {
  loading ??= (async () => {
    const lib = await import('pdfjs-dist');
    lib.GlobalWorkerOptions.workerSrc = workerUrl;
    (globalThis as { pdfjsLib?: PdfJs }).pdfjsLib = lib;
    const viewer = await import('pdfjs-dist/web/pdf_viewer.mjs');
    return { lib, viewer };
  })().catch((error: unknown) => {
    loading = undefined; // offline before it was ever cached: a later try may succeed
    throw error;
  });
  return loading;
}
