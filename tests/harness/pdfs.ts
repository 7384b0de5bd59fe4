// PDFs made in the tests with pdf-lib: pages of real clinical prose (each page's sentences are its own, so a quote
// belongs to one page), set at a chosen width and size, so the same text can be laid out twice with different line
// breaks; and broken ones (damaged, empty). Also how a test stores one as a file of a resource.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Resource, ResourceFile } from '@chartside/shared';
import type { Api } from './api';

const SENTENCES = [
  'Heart failure with reduced ejection fraction is treated with four pillars of therapy.',
  'Loop diuretics relieve congestion but do not change survival on their own.',
  'Start sacubitril valsartan once the patient is euvolaemic and the blood pressure allows it.',
  'Beta blockers such as bisoprolol are titrated slowly every two weeks.',
  'Mineralocorticoid receptor antagonists need potassium and creatinine checked within a week.',
  'SGLT2 inhibitors reduce hospital admissions regardless of diabetes status.',
  'Daily weights help patients notice fluid retention before breathlessness returns.',
  'Iron deficiency is common and intravenous ferric carboxymaltose improves symptoms.',
];

/** The paragraph of page `page` (1-based): the page's own label, then the sentences in a page-specific order. */
export const pageParagraph = (page: number) =>
  [`Page ${page} notes.`, ...SENTENCES.map((_, i) => SENTENCES[(i + page) % SENTENCES.length]!.replace('.', ` (item ${page}.${i + 1}).`))].join(' ');

export interface TextPdfOptions {
  pages: number;
  /** Points; with `margin`, sets where lines break. */
  fontSize?: number;
  width?: number;
  height?: number;
  margin?: number;
  /** The text of each page (default `pageParagraph`). */
  textOf?: (page: number) => string;
}

/** A PDF of `pages` pages of wrapped text in Helvetica. */
export async function textPdf({ pages, fontSize = 12, width = 595, height = 842, margin = 56, textOf = pageParagraph }: TextPdfOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lineHeight = fontSize * 1.4;
  for (let number = 1; number <= pages; number += 1) {
    const page = pdf.addPage([width, height]);
    let line = '';
    let y = height - margin - fontSize;
    const flush = () => {
      page.drawText(line, { x: margin, y, size: fontSize, font });
      y -= lineHeight;
      line = '';
    };
    for (const word of textOf(number).split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, fontSize) > width - 2 * margin && line) {
        flush();
        line = word;
      } else line = candidate;
    }
    if (line) flush();
  }
  return pdf.save();
}

/** Bytes that start like a PDF and then are not one. */
export const damagedPdf = () => new TextEncoder().encode('%PDF-1.7\n1 0 obj <</Type /Catalog /Pages 2 0 R>>\nthis is where the rest was cut off');

/** Stores `bytes` as a lasting file of the user (its type from its extension) and adds it to the resource's files. */
export async function addFileToResource(asUser: Api, resource: Pick<Resource, 'id'>, fileName: string, bytes: Uint8Array): Promise<ResourceFile> {
  const granted = (await asUser('POST', '/files/uploads', { fileName, size: bytes.length, temp: false })).json as unknown as {
    file: ResourceFile;
    uploadUrl: string;
    headers: Record<string, string>;
  };
  const put = await fetch(granted.uploadUrl, { method: 'PUT', headers: granted.headers, body: Buffer.from(bytes) });
  if (!put.ok) throw new Error(`upload of ${fileName} failed: ${put.status}`);
  const current = (await asUser('GET', `/resources/${resource.id}`)).json as unknown as Resource;
  const saved = await asUser('PATCH', `/resources/${resource.id}`, { version: current.version, files: [...current.files, granted.file] });
  if (saved.status !== 200) throw new Error(`adding ${fileName} failed: ${saved.text}`);
  return granted.file;
}
