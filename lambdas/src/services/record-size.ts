// The size limit of a whole record (a resource, a patient), checked before it is stored.
import { AppError } from '@chartside/shared';

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/**
 * 413 when `record` as JSON, plus `bytesElsewhere` (what parts of it not at hand take), is over `maxBytes`:
 * "{what} would take 2.1 MB; at most 2.0 MB fit. {advice}"
 */
export const assertRecordFits = (record: unknown, maxBytes: number, what: string, advice: string, bytesElsewhere = 0) => {
  const size = Buffer.byteLength(JSON.stringify(record), 'utf8') + bytesElsewhere;
  if (size > maxBytes) throw new AppError('payload_too_large', `${what} would take ${megabytes(size)} MB; at most ${megabytes(maxBytes)} MB fit. ${advice}`);
};
