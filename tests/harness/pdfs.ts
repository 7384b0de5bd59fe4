// PDFs made in the tests with pdf-lib: pages of real clinical prose (each page's sentences are its own, so a quote
// belongs to one page), set at a chosen width and size, so the same text can be laid out twice with different line
// breaks; and ones that cannot be shown (damaged, password-protected). Also how a test stores one as a file of a resource.
import { createHash } from 'node:crypto';
import { PDFArray, PDFDocument, PDFHexString, PDFNumber, StandardFonts } from 'pdf-lib';
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

/** RC4, which the PDF standard security handler (revision 2) encrypts with. */
const rc4 = (key: Uint8Array, data: Uint8Array) => {
  const state = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + state[i]! + key[i % key.length]!) % 256;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n += 1) {
    i = (i + 1) % 256;
    j = (j + state[i]!) % 256;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[n] = data[n]! ^ state[(state[i]! + state[j]!) % 256]!;
  }
  return out;
};

/**
 * A PDF that asks for a password to open: the standard security handler, revision 2 (PDF 1.7, 7.6.3, algorithms 2-4),
 * with user password `password`. Its content is not encrypted: a reader stops at the password anyway.
 */
export async function passwordPdf(password = 'ward-round'): Promise<Uint8Array> {
  const padding = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');
  const padded = (text: string) => Buffer.concat([Buffer.from(text, 'latin1'), padding]).subarray(0, 32);
  const md5 = (...parts: Uint8Array[]) => createHash('md5').update(Buffer.concat(parts)).digest();
  const permissions = -4;
  const id = md5(Buffer.from(password));
  const owner = rc4(md5(padded(`${password}-owner`)).subarray(0, 5), padded(password));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padded(password), owner, p, id).subarray(0, 5);
  const user = rc4(key, padding);
  const pdf = await PDFDocument.load(await textPdf({ pages: 1 }));
  const { context } = pdf;
  const hex = (bytes: Uint8Array) => PDFHexString.of(Buffer.from(bytes).toString('hex'));
  const encrypt = context.obj({ Filter: 'Standard', V: 1, R: 2, O: hex(owner), U: hex(user), P: PDFNumber.of(permissions) });
  context.trailerInfo.Encrypt = context.register(encrypt);
  const ids = PDFArray.withContext(context);
  ids.push(hex(id));
  ids.push(hex(id));
  context.trailerInfo.ID = ids;
  return pdf.save({ useObjectStreams: false });
}

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
