import { describe, expect, it } from 'vitest';
import { healthCheckOf } from './health-check';

describe('healthCheckOf', () => {
  it('is ok when every dependency is', async () => {
    const check = healthCheckOf({ table: async () => ({ ok: true }), files: async () => ({ ok: true }) });
    expect(await check()).toEqual({ status: 'ok', dependencies: { table: { ok: true }, files: { ok: true } } });
  });

  it('reports a dependency with no answer by the deadline as down, without waiting for it', async () => {
    const check = healthCheckOf({ table: () => new Promise(() => undefined), files: async () => ({ ok: true }) }, 50);
    expect(await check()).toEqual({ status: 'degraded', dependencies: { table: { ok: false, detail: 'no answer within 0.05 s' }, files: { ok: true } } });
  });

  it('passes on why a dependency is down', async () => {
    const check = healthCheckOf({ table: async () => ({ ok: false, detail: 'table CREATING' }) });
    expect(await check()).toEqual({ status: 'degraded', dependencies: { table: { ok: false, detail: 'table CREATING' } } });
  });
});
