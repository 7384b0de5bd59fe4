// A PDF's name from its article: 'Author Year Journal - Title.pdf', and the DOI found in a PDF's metadata or text.
import { normalizeDoi, type ResolvedDoi } from '@chartside/shared';

/** Longest name offered, before '.pdf': file systems allow 255 bytes, and long titles are cut at a word. */
export const MAX_NAME_CHARS = 150;

// Punctuation that ends a sentence or closes a bracket around a DOI in running text, not part of the DOI.
const DOI_IN_TEXT = /\b10\.\d{4,9}\/[^\s"'<>]+/i;
const TRAILING = /[.,;:)\]}]+$/;

/** The first DOI in a text (a PDF's info, XMP metadata or page text), bare; undefined when there is none. */
export const findDoi = (text: string): string | undefined => {
  const match = DOI_IN_TEXT.exec(text);
  return match ? normalizeDoi(match[0].replace(TRAILING, '')) : undefined;
};

// Characters Windows, macOS or Linux refuse in a file name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]/g;

/** Author is the first author's family name (the last word of Crossref's 'Given Family'). Missing parts are left out. */
export const articleFileName = ({ authors, published_date, journal_name, title }: Pick<ResolvedDoi, 'authors' | 'published_date' | 'journal_name' | 'title'>): string => {
  const author = authors[0]?.trim().split(/\s+/).at(-1) ?? '';
  const year = published_date.slice(0, 4);
  const head = [author, year, journal_name].map(clean).filter(Boolean).join(' ');
  const name = [head, clean(title)].filter(Boolean).join(' - ');
  return `${cutAtWord(name || 'Untitled article')}.pdf`;
};

/** A name typed by the user, made safe to save: unsafe characters go, '.pdf' is added when missing. */
export const safePdfName = (name: string): string => {
  const bare = clean(name.replace(/\.pdf$/i, ''));
  return `${bare || 'Untitled article'}.pdf`;
};

const clean = (part: string): string => part.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();

const cutAtWord = (name: string): string => {
  if (name.length <= MAX_NAME_CHARS) return name;
  const space = name.lastIndexOf(' ', MAX_NAME_CHARS);
  return name.slice(0, space > 0 ? space : MAX_NAME_CHARS).trim();
};
