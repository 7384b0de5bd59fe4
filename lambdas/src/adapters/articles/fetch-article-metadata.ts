// ArticleMetadata over the web: Crossref, Unpaywall, and the article page. Every call has a timeout and a response size
// cap; the article page's address comes from the user, so it is fetched through the public-web guard (public addresses
// only, each redirect hop checked again).
import { AppError, MAX_URL, type ArticleLookup, type OaLocation } from '@chartside/shared';
import type { ArticleMetadata } from '../../ports/article-metadata';
import { discard, readCapped, type PublicWeb } from '../public-web/public-web';
import { factsFromUnpaywall, resolvedFromCrossref } from './article-records';
import { citationMeta } from './citation-meta';

export interface ArticleMetadataOptions {
  crossrefUrl: string;
  unpaywallUrl: string;
  /** Unpaywall asks for a contact address with every call. */
  contactEmail: string;
  timeoutMs: number;
  web: PublicWeb;
}

const MAX_RESPONSE_BYTES = 2_000_000;

const servicePhrase = { crossref: 'Crossref', unpaywall: 'Unpaywall', page: 'The article page' } as const;
type Service = keyof typeof servicePhrase;

const failure = (service: Service, status: number): AppError => {
  const who = servicePhrase[service];
  if (status === 429) return new AppError('rate_limited', `${who} is receiving too many requests right now. Try again in a minute.`);
  if (status >= 500) return new AppError('unavailable', `${who} is not working right now (HTTP ${status}). Try again later.`);
  return new AppError('unavailable', `${who} refused the request (HTTP ${status}).`);
};

export const fetchArticleMetadata = (options: ArticleMetadataOptions): ArticleMetadata => {
  /** The answer's status, final address and text; the text only of a success, and only its head past the size cap. */
  const get = async (service: Service, address: string, accept: string) => {
    const who = servicePhrase[service];
    const { response, url } = await options.web.get(address, { who, accept, signal: AbortSignal.timeout(options.timeoutMs), userAddress: service === 'page' });
    if (!response.ok) {
      await discard(response);
      return { status: response.status, url, text: '' };
    }
    // The head of a page is all we need; a JSON record this large is not one.
    const { bytes } = await readCapped(response, MAX_RESPONSE_BYTES, who);
    return { status: response.status, url, text: new TextDecoder().decode(bytes) };
  };

  const getJson = async (service: 'crossref' | 'unpaywall', url: string) => {
    const { status, text } = await get(service, url, 'application/json');
    if (status === 404) return undefined;
    if (status !== 200) throw failure(service, status);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AppError('unavailable', `${servicePhrase[service]} sent an answer that could not be read. Try again later.`);
    }
  };

  /** The DOI in a path, '/' kept as is (both services take it unescaped). */
  const doiPath = (doi: string) => encodeURIComponent(doi).replace(/%2F/gi, '/');

  const unpaywall = async (doi: string) => {
    const body = await getJson('unpaywall', `${options.unpaywallUrl}/v2/${doiPath(doi)}?email=${encodeURIComponent(options.contactEmail)}`);
    return body === undefined ? undefined : factsFromUnpaywall(body);
  };

  return {
    async resolveDoi(doi) {
      const body = await getJson('crossref', `${options.crossrefUrl}/works/${doiPath(doi)}`);
      if (body === undefined) throw new AppError('not_found', `No article was found for DOI ${doi}.`);
      const resolved = resolvedFromCrossref(body);
      if (!resolved) throw new AppError('unavailable', 'Crossref sent an answer that could not be read. Try again later.');
      return resolved;
    },

    async lookup(articleUrl) {
      const page = await get('page', articleUrl, 'text/html,application/xhtml+xml');
      if (page.status === 404) throw new AppError('not_found', 'No article page was found at that link.');
      if (page.status !== 200) throw failure('page', page.status);
      const meta = citationMeta(page.text);
      const doi = meta.doi ?? doiInUrl(page.url) ?? doiInUrl(new URL(articleUrl));
      const facts = doi ? await unpaywall(doi) : undefined;
      const fromPage: OaLocation[] = meta.pdfUrls.map((pdf) => ({ url_for_pdf: pdf, url: page.url.href, host_type: 'publisher', version: null }));
      const locations = uniqueLocations([...fromPage, ...(facts?.oa_locations ?? [])]);
      const result: ArticleLookup = { oa_locations: locations };
      const title = meta.title ?? facts?.title;
      const published = meta.published_date ?? facts?.published_date;
      const journal = meta.journal_name ?? facts?.journal_name;
      if (title) result.title = title;
      if (published) result.published_date = published;
      if (doi) result.doi = doi;
      if (journal) result.journal_name = journal;
      return result;
    },
  };
};

/** 'https://www.nejm.org/doi/full/10.1056/NEJMoa2034577' -> '10.1056/NEJMoa2034577' */
const doiInUrl = (url: URL): string | undefined => {
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape: read the path as it is
  }
  const match = /(10\.\d{4,9}\/[^\s?#]+)/.exec(path);
  return match?.[1]?.replace(/\/(?:full|abstract|pdf|epdf)$/i, '');
};

/** One entry per PDF address, none longer than a stored URL may be. */
const uniqueLocations = (locations: OaLocation[]): OaLocation[] => {
  const seen = new Set<string>();
  return locations.filter((l) => {
    const key = l.url_for_pdf ?? l.url ?? '';
    if (!key || seen.has(key) || key.length > MAX_URL || (l.url?.length ?? 0) > MAX_URL) return false;
    seen.add(key);
    return true;
  });
};
