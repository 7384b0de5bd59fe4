import { getConnInfo } from 'hono/aws-lambda';
import type { ClientIp } from '../../http/deps';

/**
 * In the cloud CloudFront sits in front of API Gateway, so the socket's peer is a CloudFront edge: the viewer's address
 * is the first X-Forwarded-For entry. A client can prepend its own entries, so the address is shown to the user in
 * their session list and never used to decide anything.
 */
export const forwardedClientIp: ClientIp = (c) => {
  const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (first) return first.slice(0, 64);
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
};
