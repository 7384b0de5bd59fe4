import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { HttpEnv } from '../../http/deps';
import { forwardedClientIp } from './forwarded-client-ip';

const app = new Hono<HttpEnv>().get('/ip', (c) => c.text(forwardedClientIp(c)));
const EDGE = '130.176.1.2';
/** A request as API Gateway hands it over: its source is the CloudFront edge. */
const viaCloudFront = async (forwardedFor?: string) =>
  (await app.request('/ip', { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }, { requestContext: { http: { sourceIp: EDGE } } })).text();

describe('forwardedClientIp', () => {
  it.each([
    ['the viewer CloudFront appended', '203.0.113.9', '203.0.113.9'],
    ['the viewer, with the edge appended after it', `203.0.113.9, ${EDGE}`, '203.0.113.9'],
    ['an IPv6 viewer', ` 2001:db8::7 ,${EDGE}`, '2001:db8::7'],
    // A client that sends its own X-Forwarded-For only puts entries before the one CloudFront appends.
    ['not an entry the client forged', '10.0.0.1, 198.51.100.4, 203.0.113.9', '203.0.113.9'],
  ])('reads %s', async (_case, header, want) => {
    expect(await viaCloudFront(header)).toBe(want);
  });

  it('falls back to the source address when nothing was forwarded', async () => {
    expect(await viaCloudFront()).toBe(EDGE);
  });

  it('answers empty when nothing says who the caller is', async () => {
    expect(await (await app.request('/ip')).text()).toBe('');
  });
});
