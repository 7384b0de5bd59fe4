// The PdfFetcher over the public-web guard: an article's PDF address is stored article data a user can write, so it is
// fetched like any address a user gives. One deadline covers every address tried; the body is read up to the size
// limit and no further. Publishers often answer a sign-in page with 200, so both the type and the bytes must say PDF.
import { AppError, MAX_FETCHED_PDF_BYTES } from '@chartside/shared';
import type { PdfFetcher } from '../../ports/pdf-fetcher';
import { discard, readCapped, type PublicWeb } from '../public-web/public-web';

export interface PdfFetcherOptions {
  web: PublicWeb;
  /** For all the addresses of one fetch together. */
  timeoutMs: number;
}

const WHO = 'The publisher';
const INSTEAD = "Open the article's page instead.";

/** The PDF types, and the plain-bytes types some repositories serve PDFs as (the magic bytes then decide). */
const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf', 'application/octet-stream', 'binary/octet-stream']);
const PDF_MAGIC = '%PDF-';
/** PDF readers accept the header anywhere in the first kilobyte, after junk some servers put before it. */
const MAGIC_WINDOW = 1024;

const refused = (status: number): AppError => {
  if (status === 429) return new AppError('rate_limited', 'The publisher is receiving too many requests right now. Try again in a minute.');
  if (status >= 500) return new AppError('bad_gateway', `The publisher's site is not working right now (HTTP ${status}). Try again later.`);
  return new AppError('bad_gateway', `The publisher refused the PDF (${status}). ${INSTEAD}`);
};

const notPdf = () => new AppError('bad_gateway', `The publisher did not send a PDF (often it sends a sign-in page instead). ${INSTEAD}`);

const tooLarge = () => new AppError('payload_too_large', `The PDF is larger than ${MAX_FETCHED_PDF_BYTES / 1024 / 1024} MB, so it was not saved. ${INSTEAD}`);

/** What the status and headers tell already; undefined when the body is worth reading. */
const failureBeforeBody = (response: Response): AppError | undefined => {
  if (!response.ok) return refused(response.status);
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!PDF_TYPES.has(type)) return notPdf();
  if (Number(response.headers.get('content-length')) > MAX_FETCHED_PDF_BYTES) return tooLarge();
  return undefined;
};

const startsAsPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, MAGIC_WINDOW)).includes(PDF_MAGIC, 0, 'latin1');

export const fetchPdf = (options: PdfFetcherOptions): PdfFetcher => {
  const fetchOne = async (address: string, signal: AbortSignal): Promise<Uint8Array> => {
    const { response } = await options.web.get(address, { who: WHO, accept: 'application/pdf', signal, userAddress: true });
    const failure = failureBeforeBody(response);
    if (failure) {
      await discard(response);
      throw failure;
    }
    const { bytes, complete } = await readCapped(response, MAX_FETCHED_PDF_BYTES, WHO);
    if (!complete) throw tooLarge();
    if (!startsAsPdf(bytes)) throw notPdf();
    return bytes;
  };

  return {
    async fetchFirst(addresses) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      let firstFailure: AppError | undefined;
      for (const url of addresses) {
        try {
          return { url, bytes: await fetchOne(url, signal) };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          firstFailure ??= error;
          if (signal.aborted) break;
        }
      }
      throw firstFailure!;
    },
  };
};
