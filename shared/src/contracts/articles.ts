// Article metadata, looked up server-side: a DOI through Crossref, an article page through Unpaywall and its citation meta tags.
// Failures are clear 4xx/5xx errors: not_found, rate_limited (429), unavailable (503, offline or timed out).
import * as z from 'zod';
import { MAX_URL, OaLocation } from '../resources/resource';

export const ResolveDoiBody = z.strictObject({ doi: z.string().trim().min(1).max(300) });

/** Crossref's record of a DOI, in the resource's article shape. */
export const ResolvedDoi = z.object({
  doi: z.string(),
  title: z.string(),
  journal_name: z.string(),
  published_date: z.union([z.iso.date(), z.literal('')]),
  authors: z.array(z.string()),
});
export type ResolvedDoi = z.infer<typeof ResolvedDoi>;

export const ArticleLookupBody = z.strictObject({ articleUrl: z.url({ protocol: /^https?$/ }).max(MAX_URL) });

/** What an article page tells about itself; a field it does not tell is absent. */
export const ArticleLookup = z.object({
  title: z.string().optional(),
  published_date: z.union([z.iso.date(), z.literal('')]).optional(),
  doi: z.string().optional(),
  journal_name: z.string().optional(),
  oa_locations: z.array(OaLocation),
});
export type ArticleLookup = z.infer<typeof ArticleLookup>;

export const articlesContract = {
  resolveDoi: { method: 'post', path: '/articles/resolve-doi', summary: 'Resolve a DOI through Crossref', body: ResolveDoiBody, response: ResolvedDoi },
  lookup: {
    method: 'post',
    path: '/articles/lookup',
    summary: "Auto-fill: an article URL's title, date, DOI, journal and open-access PDF locations",
    body: ArticleLookupBody,
    response: ArticleLookup,
  },
} as const;
