// Reads what an article page says about itself in its <head>: Highwire `citation_*` tags (Google Scholar's), with Dublin
// Core, PRISM and Open Graph as fallbacks. A small tolerant scan of <meta> tags, not an HTML parser: pages are often
// malformed, and the tags we need are flat.
import { normalizeDoi } from '@chartside/shared';

export interface CitationMeta {
  title?: string;
  published_date?: string;
  doi?: string;
  journal_name?: string;
  pdfUrls: string[];
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });

const clean = (text: string) => decodeEntities(text).replace(/\s+/g, ' ').trim();

/** name (or property) -> every content given for it, in page order; names lower-cased. */
export const metaTags = (html: string): Map<string, string[]> => {
  const headEnd = html.search(/<\/head\s*>/i);
  const head = headEnd >= 0 ? html.slice(0, headEnd) : html;
  const tags = new Map<string, string[]>();
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = new Map<string, string>();
    for (const match of tag.matchAll(/([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
      attributes.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
    }
    const name = (attributes.get('name') ?? attributes.get('property'))?.toLowerCase();
    const content = attributes.get('content');
    if (!name || content === undefined) continue;
    const value = clean(content);
    if (value) tags.set(name, [...(tags.get(name) ?? []), value]);
  }
  return tags;
};

/** '2020/12/31', '2020-12-31T08:00Z', '2020-12-31' -> '2020-12-31'; a year or month alone is not a date. */
export const isoDay = (text: string): string | undefined => {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:$|[T\s])/.exec(text.trim());
  if (!match) return undefined;
  const day = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : undefined;
};

export const citationMeta = (html: string): CitationMeta => {
  const tags = metaTags(html);
  const first = (...names: string[]) => names.map((n) => tags.get(n)?.[0]).find(Boolean);
  const firstOf = <T>(names: string[], pick: (value: string) => T | undefined) => {
    for (const name of names) {
      for (const value of tags.get(name) ?? []) {
        const picked = pick(value);
        if (picked !== undefined) return picked;
      }
    }
    return undefined;
  };
  const meta: CitationMeta = { pdfUrls: [...new Set(tags.get('citation_pdf_url') ?? [])] };
  const title = first('citation_title', 'dc.title', 'og:title');
  const date = firstOf(['citation_publication_date', 'citation_date', 'citation_online_date', 'dc.date', 'prism.publicationdate', 'article:published_time'], isoDay);
  const doi = firstOf(['citation_doi', 'dc.identifier', 'prism.doi'], normalizeDoi);
  const journal = first('citation_journal_title', 'prism.publicationname', 'dc.source');
  if (title) meta.title = title;
  if (date) meta.published_date = date;
  if (doi) meta.doi = doi;
  if (journal) meta.journal_name = journal;
  return meta;
};
