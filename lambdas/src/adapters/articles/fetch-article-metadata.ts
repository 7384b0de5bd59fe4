// ArticleMetadata over HTTP with `fetch` (the same in Lambda and locally): Crossref, Unpaywall, and the article page.
// Every call has a timeout and a response size cap; the article page's address comes from the user, so it is fetched
// only from the public internet (unless the runtime allows private hosts: the local tests' fixture server) and
// redirects are followed by hand, each hop checked again.
// The check runs on the address the socket actually connects to (a lookup hook in the connection agent), not on a
// lookup made before the request: a host can answer a public address first and a private one a moment later (DNS
// rebinding). In Lambda the runtime API listens on 127.0.0.1, so a page fetched from there could drive the function.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, fetch, type Dispatcher, type Response } from 'undici';
import { AppError, MAX_URL, badRequest, type ArticleLookup, type OaLocation } from '@chartside/shared';
import type { ArticleMetadata } from '../../ports/article-metadata';
import { factsFromUnpaywall, resolvedFromCrossref } from './article-records';
import { citationMeta } from './citation-meta';

export interface ArticleMetadataOptions {
  crossrefUrl: string;
  unpaywallUrl: string;
  /** Crossref's polite pool and Unpaywall both ask for a contact address. */
  contactEmail: string;
  /** Only for the local runtime: lets article pages on private or loopback addresses be fetched. */
  allowPrivateHosts: boolean;
  timeoutMs: number;
  /** The DNS resolver (default `dns.lookup`); tests answer with addresses of their choosing. */
  resolve?: LookupFunction;
  /** Which resolved addresses an article page may not be fetched from (default `isPrivateAddress`). */
  isRefusedAddress?: (address: string) => boolean;
}

const MAX_RESPONSE_BYTES = 2_000_000;
const MAX_REDIRECTS = 5;

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved ranges, IPv4 and IPv6. */
const privateRanges = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3]] as const) {
    list.addSubnet(net, prefix, 'ipv4');
  }
  // 64:ff9b::/96 is NAT64: behind a NAT64 gateway 64:ff9b::7f00:1 reaches 127.0.0.1
  for (const [net, prefix] of [['::', 127], ['64:ff9b::', 96], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) list.addSubnet(net, prefix, 'ipv6');
  return list;
})();

export const isPrivateAddress = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  return family === 0 || privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

const notPublic = () => badRequest('That address is not on the public internet, so it cannot be looked up.');

/** Raised inside the connection's lookup; `get` finds it in the fetch error's causes. */
class RefusedAddressError extends Error {}

const causes = function* (error: unknown): Generator<unknown> {
  for (let e = error, depth = 0; e !== undefined && depth < 5; e = e instanceof Error ? e.cause : undefined, depth += 1) yield e;
};

/** `resolve`, failing for a refused address. Node asks for one address or, when racing IPv4 and IPv6, for all. */
const checkedLookup = (resolve: LookupFunction, isRefused: (address: string) => boolean): LookupFunction => (hostname, lookupOptions, callback) => {
  resolve(hostname, lookupOptions, (error, address, family) => {
    if (error) return callback(error, address, family);
    const addresses = Array.isArray(address) ? (address as LookupAddress[]).map((a) => a.address) : [address];
    if (addresses.some(isRefused)) return callback(new RefusedAddressError(`${hostname} is not on the public internet`), address, family);
    callback(null, address, family);
  });
};

const servicePhrase = { crossref: 'Crossref', unpaywall: 'Unpaywall', page: 'The article page' } as const;
type Service = keyof typeof servicePhrase;

const failure = (service: Service, status: number): AppError => {
  const who = servicePhrase[service];
  if (status === 429) return new AppError('rate_limited', `${who} is receiving too many requests right now. Try again in a minute.`);
  if (status >= 500) return new AppError('unavailable', `${who} is not working right now (HTTP ${status}). Try again later.`);
  return new AppError('unavailable', `${who} refused the request (HTTP ${status}).`);
};

const unreachable = (service: Service, error: unknown): AppError => {
  const who = servicePhrase[service];
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new AppError('unavailable', `${who} did not answer in time. Try again later.`);
  }
  return new AppError('unavailable', `${who} could not be reached. Check the connection and try again.`);
};

/** The body as text, refusing to read past the cap. */
const readCapped = async (response: Response): Promise<string> => {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      break; // the head of a page is all we need; a JSON record this large is not one
    }
    parts.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(parts));
};

export const fetchArticleMetadata = (options: ArticleMetadataOptions): ArticleMetadata => {
  const userAgent = `Chartside/1.0 (mailto:${options.contactEmail})`;

  const isRefused = options.isRefusedAddress ?? isPrivateAddress;
  const resolve = options.resolve ?? (dnsLookup as LookupFunction);
  // Every hop of an article page goes through this agent, so every connection's address is checked.
  const pageAgent: Dispatcher = new Agent({ connect: { lookup: options.allowPrivateHosts ? resolve : checkedLookup(resolve, isRefused) } });

  /** A literal IP address never reaches a lookup, so it is checked here. */
  const assertPublicLiteral = (url: URL) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivateHosts && isIP(host) && isRefused(host)) throw notPublic();
  };

  const connectFailure = (service: Service, url: URL, error: unknown): AppError => {
    for (const cause of causes(error)) {
      if (cause instanceof RefusedAddressError) return notPublic();
      const code = (cause as { code?: unknown } | undefined)?.code;
      if (service === 'page' && code === 'ENOTFOUND') return new AppError('not_found', `The address ${url.hostname} could not be found.`);
    }
    return unreachable(service, error);
  };

  /** GET with a timeout over the whole exchange; follows up to MAX_REDIRECTS, checking each hop when `checkHosts`. */
  const get = async (service: Service, address: string, accept: string, checkHosts: boolean) => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    let url = new URL(address);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('Only http and https addresses can be looked up.');
      if (checkHosts) assertPublicLiteral(url);
      let response: Response;
      try {
        response = await fetch(url, { headers: { accept, 'user-agent': userAgent }, redirect: 'manual', signal, ...(checkHosts && { dispatcher: pageAgent }) });
      } catch (error) {
        throw connectFailure(service, url, error);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        url = new URL(location, url);
        continue;
      }
      try {
        return { status: response.status, url, text: response.ok ? await readCapped(response) : (await response.body?.cancel(), '') };
      } catch (error) {
        throw unreachable(service, error);
      }
    }
    throw new AppError('unavailable', `${servicePhrase[service]} redirected too many times.`);
  };

  const getJson = async (service: 'crossref' | 'unpaywall', url: string) => {
    const { status, text } = await get(service, url, 'application/json', false);
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
      const page = await get('page', articleUrl, 'text/html,application/xhtml+xml', true);
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
