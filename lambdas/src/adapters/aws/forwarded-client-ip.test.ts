import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { HttpEnv } from '../../http/deps';
import { forwardedClientIp } from './forwarded-client-ip';

const app = new Hono<HttpEnv>().get('/ip', (c) => c.text(forwardedClientIp(c)));

describe('forwardedClientIp', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['203.0.113.9, 130.176.1.2', '203.0.113.9'],
    [' 2001:db8::7 ,130.176.1.2', '2001:db8::7'],
  ])('reads the viewer from X-Forwarded-For %j', async (header, want) => {
    expect(await (await app.request('/ip', { headers: { 'x-forwarded-for': header } })).text()).toBe(want);
  });

  it('answers empty when nothing says who the caller is', async () => {
    expect(await (await app.request('/ip')).text()).toBe('');
  });
});
