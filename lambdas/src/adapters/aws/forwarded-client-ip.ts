import type { ClientIp } from '../../http/deps';

/**
 * In the cloud CloudFront sits in front of API Gateway: API Gateway's source address is a CloudFront edge, and CloudFront
 * appends the viewer's address to X-Forwarded-For. Entries before that one are whatever the client sent and are never
 * believed: the address is read from the right, past the edge that API Gateway itself saw.
 */
export const forwardedClientIp: ClientIp = (c) => {
  const edge = sourceIp(c);
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (edge && hops.at(-1) === edge) hops.pop();
  return (hops.at(-1) ?? edge).slice(0, 64);
};

/** The address API Gateway's connection came from (HTTP API, or REST API); '' outside a Lambda invocation. */
const sourceIp = (c: Parameters<ClientIp>[0]): string => {
  const env = c.env as { requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } } } | undefined;
  return env?.requestContext?.http?.sourceIp ?? env?.requestContext?.identity?.sourceIp ?? '';
};
