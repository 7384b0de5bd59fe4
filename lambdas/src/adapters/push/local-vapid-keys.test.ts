import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadLocalVapidKeys, localVapidKeysPath } from './local-vapid-keys';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'chartside-vapid-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('loadLocalVapidKeys', () => {
  it('makes a P-256 key pair readable by the owner only at the first start, and reads the same pair after', async () => {
    const first = loadLocalVapidKeys(dataDir);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect((await stat(localVapidKeysPath(dataDir))).mode & 0o777).toBe(0o600);
    expect(loadLocalVapidKeys(dataDir)).toEqual(first);
  });

  it('refuses a key file others may read, and says how to fix it', async () => {
    loadLocalVapidKeys(dataDir);
    await chmod(localVapidKeysPath(dataDir), 0o644);
    expect(() => loadLocalVapidKeys(dataDir)).toThrow(/other users \(mode 644\)\. Run: chmod 600 /);
  });

  it('refuses a damaged key file instead of replacing it', async () => {
    loadLocalVapidKeys(dataDir);
    await writeFile(localVapidKeysPath(dataDir), '{"publicKey":"x"}', { mode: 0o600 });
    expect(() => loadLocalVapidKeys(dataDir)).toThrow(/must hold a VAPID key pair/);
    expect(await readFile(localVapidKeysPath(dataDir), 'utf8')).toBe('{"publicKey":"x"}');
  });
});
