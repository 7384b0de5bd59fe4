// GET over HTTP with node:http and node:https (the same in Lambda and locally), for the services we call and for
// addresses a user gave (an article page, an article's PDF), answered as a web `Response`. A user's address is fetched
// only from the public internet (unless the runtime allows private hosts: the local tests' fixture server), and
// redirects are followed by hand, each hop checked again. The check runs on the address the socket actually connects to
// (a lookup hook in the connection agent), not on a lookup made before the request: a host can answer a public address
// first and a private one a moment later (DNS rebinding). In Lambda the runtime API listens on 127.0.0.1, so a page
// fetched from there could drive the function. (Not undici's fetch, which takes such a hook too: it alone was 0.4 MB of
// each bundle that fetches, issue 19.)
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { pipeline, Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { AppError, badRequest } from '@chartside/shared';

export interface PublicWebOptions {
  /** Named in the user agent: Crossref's polite pool, Unpaywall and publishers ask callers for a contact address. */
  contactEmail: string;
  /** Only for the local runtime: lets a user's addresses on private or loopback addresses be fetched. */
  allowPrivateHosts: boolean;
  /** The DNS resolver (default `dns.lookup`); tests answer with addresses of their choosing. */
  resolve?: LookupFunction;
  /** Which resolved addresses a user's address may not be fetched from (default `isPrivateAddress`). */
  isRefusedAddress?: (address: string) => boolean;
}

export interface GetOptions {
  /** Who answers, as the error messages name it: 'Crossref', 'The article page', 'The publisher'. */
  who: string;
  accept: string;
  /** Ends the whole exchange: every hop, and the body as it is read. */
  signal: AbortSignal;
  /** The address came from a user: connect only to public addresses, and say so when its host does not exist. */
  userAddress: boolean;
  /** More request headers (a conditional GET's If-None-Match), sent on every hop. */
  headers?: Record<string, string>;
}

export interface PublicWeb {
  /** The answer after redirects, its body unread: read it with `readCapped` or cancel it. Failures are AppErrors. */
  get(address: string, options: GetOptions): Promise<{ response: Response; url: URL }>;
}

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

/** Raised inside the connection's lookup; `get` finds it in the request error's causes. */
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

/** Agents for http: and https: addresses; undefined for Node's shared ones. */
type Agents = Readonly<Record<'http:' | 'https:', HttpAgent>> | undefined;

/** Answers without a body, which a `Response` may not be given one for. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The body as sent, decoded from the encodings asked for (as `fetch` does); destroying it ends the connection. */
const decodedBody = (message: IncomingMessage): Readable => {
  const encoding = message.headers['content-encoding']?.trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return pipeline(message, createGunzip(), () => undefined);
  if (encoding === 'br') return pipeline(message, createBrotliDecompress(), () => undefined);
  return message;
};

const asResponse = (message: IncomingMessage): Response => {
  const headers = new Headers();
  for (let i = 0; i < message.rawHeaders.length; i += 2) headers.append(message.rawHeaders[i]!, message.rawHeaders[i + 1]!);
  const status = message.statusCode ?? 0;
  if (NULL_BODY_STATUSES.has(status)) {
    message.resume(); // read to its end, so the connection can be used again
    return new Response(null, { status, headers });
  }
  return new Response(Readable.toWeb(decodedBody(message)) as ReadableStream<Uint8Array>, { status, headers });
};

/**
 * One GET, no redirects followed. The signal ends it whenever it fires: before the answer, or while its body is read
 * (the body then fails with the signal's reason).
 */
const send = (url: URL, headers: Record<string, string>, signal: AbortSignal, agents: Agents) =>
  new Promise<Response>((resolve, reject) => {
    signal.throwIfAborted();
    const https = url.protocol === 'https:';
    const request = (https ? httpsRequest : httpRequest)(url, { headers, ...(agents && { agent: agents[https ? 'https:' : 'http:'] }) });
    let message: IncomingMessage | undefined;
    const abort = () => (message ?? request).destroy(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    request.on('close', () => {
      if (!message) signal.removeEventListener('abort', abort);
    });
    request.on('error', reject);
    request.on('response', (answer) => {
      message = answer;
      answer.on('close', () => signal.removeEventListener('abort', abort));
      try {
        resolve(asResponse(answer));
      } catch (error) {
        answer.destroy(); // a status a Response cannot hold (600 and over)
        reject(error);
      }
    });
    request.end();
  });

/** A failure to reach `who` or to read its answer: timed out, or not reachable at all. */
const unreachable = (who: string, error: unknown): AppError => {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new AppError('unavailable', `${who} did not answer in time. Try again later.`);
  }
  return new AppError('unavailable', `${who} could not be reached. Check the connection and try again.`);
};

/** Drops a body that will not be read, so the connection is freed. */
export const discard = async (response: Response) => {
  await response.body?.cancel().catch(() => undefined);
};

/** The body's bytes, reading no further than `maxBytes`; `complete` is false when there was more (left unread). */
export const readCapped = async (response: Response, maxBytes: number, who: string): Promise<{ bytes: Uint8Array; complete: boolean }> => {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(), complete: true };
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(parts), complete: true };
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return { bytes: Buffer.concat(parts), complete: false };
      }
      parts.push(value);
    }
  } catch (error) {
    throw unreachable(who, error);
  }
};

const parsedUrl = (address: string, base?: URL): URL | undefined => {
  try {
    return new URL(address, base);
  } catch {
    return undefined;
  }
};

export const createPublicWeb = (options: PublicWebOptions): PublicWeb => {
  const userAgent = `Chartside/1.0 (mailto:${options.contactEmail})`;
  const isRefused = options.isRefusedAddress ?? isPrivateAddress;
  const resolve = options.resolve ?? (dnsLookup as LookupFunction);
  // Every hop to a user's address goes through these agents, so every connection's address is checked (and a kept-alive
  // connection is one that was checked when it was made).
  const lookup = options.allowPrivateHosts ? resolve : checkedLookup(resolve, isRefused);
  const guardedAgents: Agents = { 'http:': new HttpAgent({ keepAlive: true, lookup }), 'https:': new HttpsAgent({ keepAlive: true, lookup }) };

  /** A literal IP address never reaches a lookup, so it is checked here. */
  const assertPublicLiteral = (url: URL) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivateHosts && isIP(host) && isRefused(host)) throw notPublic();
  };

  const connectFailure = (who: string, url: URL, userAddress: boolean, error: unknown): AppError => {
    for (const cause of causes(error)) {
      if (cause instanceof RefusedAddressError) return notPublic();
      const code = (cause as { code?: unknown } | undefined)?.code;
      if (userAddress && code === 'ENOTFOUND') return new AppError('not_found', `The address ${url.hostname} could not be found.`);
    }
    return unreachable(who, error);
  };

  return {
    async get(address, { who, accept, signal, userAddress, headers }) {
      let url = parsedUrl(address);
      if (!url) throw badRequest('That is not a web address, so it cannot be looked up.');
      for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
        if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('Only http and https addresses can be looked up.');
        if (userAddress) assertPublicLiteral(url);
        let response: Response;
        try {
          const sent = { ...headers, accept, 'accept-encoding': 'gzip, br', 'user-agent': userAgent };
          response = await send(url, sent, signal, userAddress ? guardedAgents : undefined);
        } catch (error) {
          throw connectFailure(who, url, userAddress, error);
        }
        const location = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || !location) return { response, url };
        await discard(response);
        const next = parsedUrl(location, url);
        if (!next) throw new AppError('bad_gateway', `${who} redirected to an address that could not be read.`);
        url = next;
      }
      throw new AppError('unavailable', `${who} redirected too many times.`);
    },
  };
};
