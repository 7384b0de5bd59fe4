// Crossref's and Unpaywall's records mapped to the resource's article shape. Both services add fields over time, so only
// what is read here is checked, and anything malformed reads as absent.
import type { OaLocation, ResolvedDoi } from '@chartside/shared';
import * as z from 'zod';
import { isoDay } from './citation-meta';

const DateParts = z.object({ 'date-parts': z.array(z.array(z.number().int().nullable())) });

const CrossrefWork = z.object({
  DOI: z.string(),
  title: z.array(z.string()).optional(),
  'container-title': z.array(z.string()).optional(),
  author: z.array(z.object({ given: z.string().optional(), family: z.string().optional(), name: z.string().optional() })).optional(),
  'published-print': DateParts.optional(),
  'published-online': DateParts.optional(),
  issued: DateParts.optional(),
  published: DateParts.optional(),
});

export const CrossrefResponse = z.object({ message: CrossrefWork });

/** Titles may carry JATS/HTML markup (<i>, <sub>) and line breaks. */
const plainText = (text: string | undefined) => (text ?? '').replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The published date as YYYY-MM-DD. Citations give the print issue's date (N Engl J Med 2020 Dec 31), so the print date
 * comes first, then the online date, then Crossref's `issued`/`published` (the earlier of the two). A date known only to
 * the month or year is skipped rather than padded with an invented day: '' when no full date is known.
 */
export const crossrefPublishedDate = (work: z.infer<typeof CrossrefWork>): string => {
  for (const date of [work['published-print'], work['published-online'], work.issued, work.published]) {
    const [year, month, day] = date?.['date-parts'][0] ?? [];
    if (year && month && day) return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  }
  return '';
};

export const resolvedFromCrossref = (body: unknown): ResolvedDoi | undefined => {
  const parsed = CrossrefResponse.safeParse(body);
  if (!parsed.success) return undefined;
  const work = parsed.data.message;
  return {
    doi: work.DOI,
    title: plainText(work.title?.[0]),
    journal_name: plainText(work['container-title']?.[0]),
    published_date: crossrefPublishedDate(work),
    authors: (work.author ?? [])
      .map((a) => plainText(a.name ?? [a.given, a.family].filter(Boolean).join(' ')))
      .filter(Boolean),
  };
};

const UnpaywallLocation = z.object({
  url_for_pdf: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  host_type: z.string().nullable().optional(),
  version: z.string().nullable().optional(),
});

const UnpaywallRecord = z.object({
  doi: z.string(),
  title: z.string().nullable().optional(),
  journal_name: z.string().nullable().optional(),
  published_date: z.string().nullable().optional(),
  oa_locations: z.array(UnpaywallLocation).nullable().optional(),
});

export interface UnpaywallFacts {
  title?: string;
  journal_name?: string;
  published_date?: string;
  oa_locations: OaLocation[];
}

export const factsFromUnpaywall = (body: unknown): UnpaywallFacts | undefined => {
  const parsed = UnpaywallRecord.safeParse(body);
  if (!parsed.success) return undefined;
  const record = parsed.data;
  const facts: UnpaywallFacts = {
    oa_locations: (record.oa_locations ?? []).map((l) => ({
      url_for_pdf: l.url_for_pdf ?? null,
      url: l.url ?? null,
      host_type: l.host_type ?? null,
      version: l.version ?? null,
    })),
  };
  if (record.title) facts.title = plainText(record.title);
  if (record.journal_name) facts.journal_name = plainText(record.journal_name);
  const published = record.published_date ? isoDay(record.published_date) : undefined;
  if (published) facts.published_date = published;
  return facts;
};
