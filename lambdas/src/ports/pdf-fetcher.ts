// An article's PDF from the web, fetched by the server because publishers refuse the browser's cross-origin requests.
// Failures are AppErrors: bad_request (not a public web address), payload_too_large, rate_limited, bad_gateway (the
// publisher refused, or answered something that is not a PDF), unavailable (offline or timed out).

export interface FetchedPdf {
  /** The address (of those asked for) that gave the PDF. */
  url: string;
  bytes: Uint8Array;
}

export interface PdfFetcher {
  /** The first of the addresses, in order, that answers a PDF; when none does, the first one's failure. */
  fetchFirst(addresses: readonly [string, ...string[]]): Promise<FetchedPdf>;
}
