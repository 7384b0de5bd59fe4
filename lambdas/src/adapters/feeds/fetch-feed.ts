// The FeedFetcher over the public-web guard: a feed address comes from a user, so it is fetched like any address a user
// gives (public addresses only, every redirect hop checked, at most 5 hops). One deadline covers the whole exchange and
// the body is read up to MAX_FEED_BYTES and no further. XML goes to @rowanmanning/feed-parser (RSS and Atom), JSON to a
// JSON Feed schema. A summary is cut before it is sanitized, so the cut never leaves a broken tag. A document declaring XML entities is refused before parsing: feeds never need them, and entity
// expansion is how a small document becomes a huge one. Summaries keep only text, structure and http(s) links.
import { parseFeed } from '@rowanmanning/feed-parser';
import { AppError, MAX_FEED_BYTES, MAX_FEED_SUMMARY, MAX_ITEMS_PER_SOURCE } from '@chartside/shared';
import sanitizeHtml from 'sanitize-html';
import * as z from 'zod';
import type { FeedFetcher, FetchedFeedItem } from '../../ports/feed-fetcher';
import { discard, readCapped, type PublicWeb } from '../public-web/public-web';

export interface FeedFetcherOptions {
  web: PublicWeb;
  /** For one source: every redirect hop and the whole body. */
  timeoutMs: number;
}

const WHO = 'The feed';
const ACCEPT = 'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.1';

const notAFeed = (why: string) => new AppError('bad_gateway', `This address did not answer an RSS, Atom or JSON feed: ${why}.`);

const summaryOptions: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'sub', 'sup', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};
const cleanSummary = (html: string | undefined | null): string => (html ? sanitizeHtml(html.slice(0, MAX_FEED_SUMMARY), summaryOptions).trim() : '');
const plainText = (html: string | undefined | null): string => (html ? sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() : '');

const isoOrUndefined = (value: Date | string | null | undefined): string | undefined => {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

const httpLink = (value: string | null | undefined, base: URL): string => {
  if (!value) return '';
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
};

/** The first MAX_ITEMS_PER_SOURCE entries with a key: only those are cleaned (a feed may list thousands). */
const firstWithKeys = <T>(entries: readonly T[], keyOf: (entry: T) => string | null | undefined): T[] =>
  entries.filter((entry) => keyOf(entry)).slice(0, MAX_ITEMS_PER_SOURCE);

const JsonFeed = z.object({
  version: z.string().startsWith('https://jsonfeed.org/version/'),
  items: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      url: z.string().optional(),
      title: z.string().optional(),
      content_html: z.string().optional(),
      content_text: z.string().optional(),
      summary: z.string().optional(),
      date_published: z.string().optional(),
      date_modified: z.string().optional(),
    }),
  ),
});

const fromJson = (text: string, base: URL): FetchedFeedItem[] => {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw notAFeed('the JSON could not be read');
  }
  const parsed = JsonFeed.safeParse(data);
  if (!parsed.success) throw notAFeed('the JSON is not a JSON Feed');
  return firstWithKeys(parsed.data.items, (item) => item.id).map((item) => ({
    key: item.id,
    title: plainText(item.title) || plainText(item.summary) || 'Untitled',
    link: httpLink(item.url, base),
    published: isoOrUndefined(item.date_published ?? item.date_modified),
    summary: cleanSummary(item.summary ?? item.content_html ?? item.content_text),
  }));
};

const fromXml = (text: string, base: URL): FetchedFeedItem[] => {
  if (/<!ENTITY/i.test(text)) throw notAFeed('the XML declares entities, which feeds never need (refused for safety)');
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(text);
  } catch {
    throw notAFeed('the XML could not be read');
  }
  const withKeys = feed.items.map((item) => ({ item, link: httpLink(item.url, base) }));
  return firstWithKeys(withKeys, ({ item, link }) => item.id ?? link).map(({ item, link }) => ({
    key: item.id ?? link,
    title: plainText(item.title) || 'Untitled',
    link,
    published: isoOrUndefined(item.published ?? item.updated),
    summary: cleanSummary(item.description ?? item.content),
  }));
};

const looksLikeJson = (type: string, text: string) => type.includes('json') || text.trimStart().startsWith('{');

export const fetchFeed = (options: FeedFetcherOptions): FeedFetcher => ({
  async fetch(address, validators) {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const headers: Record<string, string> = {
      ...(validators.etag && { 'if-none-match': validators.etag }),
      ...(validators.lastModified && { 'if-modified-since': validators.lastModified }),
    };
    const { response, url } = await options.web.get(address, { who: WHO, accept: ACCEPT, signal, userAddress: true, headers });
    if (response.status === 304) {
      await discard(response);
      return { changed: false };
    }
    if (!response.ok) {
      await discard(response);
      throw new AppError('bad_gateway', `The feed answered HTTP ${response.status}.`);
    }
    if (Number(response.headers.get('content-length')) > MAX_FEED_BYTES) {
      await discard(response);
      throw new AppError('payload_too_large', `The feed is larger than ${MAX_FEED_BYTES / 1_000_000} MB.`);
    }
    const { bytes, complete } = await readCapped(response, MAX_FEED_BYTES, WHO);
    if (!complete) throw new AppError('payload_too_large', `The feed is larger than ${MAX_FEED_BYTES / 1_000_000} MB.`);
    const text = new TextDecoder().decode(bytes);
    const type = response.headers.get('content-type')?.toLowerCase() ?? '';
    return {
      changed: true,
      validators: { etag: response.headers.get('etag') ?? undefined, lastModified: response.headers.get('last-modified') ?? undefined },
      items: looksLikeJson(type, text) ? fromJson(text, url) : fromXml(text, url),
    };
  },
});
