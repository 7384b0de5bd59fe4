// The DOI of a PDF on this device, read with pdf.js: first the document's info and XMP metadata (publishers put it
// there), else the text of its first pages (the DOI line under the title or in the footer).
import { loadPdfJs, PDFJS_DATA_PATH } from '../../pdf/pdfjs';
import { findDoi } from './article-file-name';

/** Pages searched for a DOI: an article prints it on the first page, sometimes the second. */
const PAGES_SEARCHED = 2;

export async function readPdfDoi(file: Blob): Promise<string | undefined> {
  const { lib } = await loadPdfJs();
  const task = lib.getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    standardFontDataUrl: `${PDFJS_DATA_PATH}standard_fonts/`,
    cMapUrl: `${PDFJS_DATA_PATH}cmaps/`,
    wasmUrl: `${PDFJS_DATA_PATH}wasm/`,
    isEvalSupported: false,
  });
  const pdf = await task.promise;
  try {
    const { info, metadata } = await pdf.getMetadata();
    const infoText = Object.values(info as Record<string, unknown>).filter((value) => typeof value === 'string');
    const fromMetadata = findDoi([...infoText, String(metadata?.getRaw() ?? '')].join('\n'));
    if (fromMetadata) return fromMetadata;
    for (let number = 1; number <= Math.min(pdf.numPages, PAGES_SEARCHED); number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      const doi = findDoi(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
      if (doi) return doi;
    }
    return undefined;
  } finally {
    await task.destroy();
  }
}
