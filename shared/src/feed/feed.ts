// The feed: the sources a user follows (presets or their own RSS, Atom or JSON Feed addresses), keywords, and the
// items fetched from them. Limits are written once here and used by the browser and the server.
import * as z from 'zod';
import { MAX_SHORT_TEXT } from '../limits';

/** Most sources one user may follow. */
export const MAX_FEED_SOURCES = 50;
/** Most keywords one user may set. */
export const MAX_FEED_KEYWORDS = 50;
/** Most items kept per user: the newest are kept, older ones dropped at each refresh. */
export const MAX_FEED_ITEMS = 1_000;
/** Most items taken from one fetch of one source (the newest). */
export const MAX_ITEMS_PER_SOURCE = 100;
/** Largest feed document read, in bytes; a larger one marks its source with an error. */
export const MAX_FEED_BYTES = 5_000_000;
/** Longest stored summary (sanitized HTML), in characters. */
export const MAX_FEED_SUMMARY = 4_000;
export const MAX_FEED_URL = 2_000;
/** How often every user's sources are fetched (the cloud's schedule and the local runtime's interval). */
export const FEED_REFRESH_HOURS = 6;

const webAddress = z
  .string()
  .trim()
  .max(MAX_FEED_URL)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), 'Enter an http or https address of an RSS, Atom or JSON feed.');

export const FeedSourceInput = z.object({
  url: webAddress,
  title: z.string().trim().min(1).max(MAX_SHORT_TEXT),
});
export type FeedSourceInput = z.infer<typeof FeedSourceInput>;

/** What the last fetch of a source said: when, how many items it had, and its error when it failed. */
export const FeedSourceStatus = z.object({
  checkedAt: z.string(),
  itemCount: z.number().int().nonnegative(),
  error: z.string().optional(),
});
export type FeedSourceStatus = z.infer<typeof FeedSourceStatus>;

export const FeedSource = FeedSourceInput.extend({
  /** Derived from the address, so one address is one source. */
  id: z.string(),
  status: FeedSourceStatus.optional(),
});
export type FeedSource = z.infer<typeof FeedSource>;

const keyword = z.string().trim().min(1).max(MAX_SHORT_TEXT);

export const FeedSettings = z.object({
  version: z.number().int().nonnegative(),
  sources: z.array(FeedSource),
  keywords: z.array(keyword),
});
export type FeedSettings = z.infer<typeof FeedSettings>;

export const PutFeedSettingsBody = z
  .object({
    /** The version read; 0 for a user who never saved feed settings. */
    version: z.number().int().nonnegative(),
    sources: z.array(FeedSourceInput).max(MAX_FEED_SOURCES),
    keywords: z.array(keyword).max(MAX_FEED_KEYWORDS),
  })
  .strict()
  .refine((body) => new Set(body.sources.map((s) => s.url)).size === body.sources.length, { path: ['sources'], message: 'Each address may be added once.' });
export type PutFeedSettingsBody = z.infer<typeof PutFeedSettingsBody>;

export const FeedItem = z.object({
  id: z.string(),
  sourceId: z.string(),
  title: z.string(),
  link: z.string(),
  /** ISO time; when the feed gave none, when the item was first fetched. */
  published: z.string(),
  /** Sanitized HTML: text, structure and http(s) links only. */
  summary: z.string(),
  read: z.boolean(),
  /** The user's keywords it contains (in the title or summary), as set when it was fetched. */
  keywords: z.array(z.string()),
});
export type FeedItem = z.infer<typeof FeedItem>;

export const FeedItemList = z.object({ items: z.array(FeedItem) });
export const SetFeedItemReadBody = z.object({ read: z.boolean() }).strict();
export const MarkAllReadResponse = z.object({ updated: z.number().int().nonnegative() });

export const FeedRefreshResponse = z.object({
  /** New items stored by this refresh, over all sources. */
  added: z.number().int().nonnegative(),
  sources: z.array(z.object({ id: z.string(), added: z.number().int().nonnegative(), error: z.string().optional() })),
});
export type FeedRefreshResponse = z.infer<typeof FeedRefreshResponse>;

/** The keywords (of `keywords`) that `text` contains, case-insensitively. */
export const matchingKeywords = (keywords: readonly string[], text: string): string[] => {
  const haystack = text.toLowerCase();
  return keywords.filter((k) => haystack.includes(k.toLowerCase()));
};

export interface FeedPreset {
  title: string;
  url: string;
  kind: 'Journal' | 'Guidelines and public health' | 'Drug safety';
}

/** Clinical sources to pick from in Feed Settings: each publisher's own public feed. */
export const FEED_PRESETS: readonly FeedPreset[] = [
  { kind: 'Journal', title: 'The New England Journal of Medicine', url: 'https://www.nejm.org/action/showFeed?jc=nejm&type=etoc&feed=rss' },
  { kind: 'Journal', title: 'The Lancet', url: 'https://www.thelancet.com/rssfeed/lancet_current.xml' },
  { kind: 'Journal', title: 'JAMA', url: 'https://jamanetwork.com/rss/site_3/67.xml' },
  { kind: 'Journal', title: 'The BMJ', url: 'https://www.bmj.com/rss/recent.xml' },
  { kind: 'Journal', title: 'Annals of Internal Medicine', url: 'https://www.acpjournals.org/action/showFeed?type=etoc&feed=rss&jc=aim' },
  { kind: 'Guidelines and public health', title: 'CDC MMWR', url: 'https://tools.cdc.gov/api/v2/resources/media/342778.rss' },
  { kind: 'Guidelines and public health', title: 'WHO news', url: 'https://www.who.int/rss-feeds/news-english.xml' },
  { kind: 'Drug safety', title: 'FDA MedWatch safety alerts', url: 'https://www.fda.gov/about-fda/contact-fda/stay-informed/rss-feeds/medwatch/rss.xml' },
  { kind: 'Drug safety', title: 'MHRA Drug Safety Update', url: 'https://www.gov.uk/drug-safety-update.atom' },
  { kind: 'Drug safety', title: 'MHRA drug and device alerts', url: 'https://www.gov.uk/drug-device-alerts.atom' },
];
