import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadLocalDataKey, localDataKeyPath } from './local-data-key';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'chartside-key-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('loadLocalDataKey', () => {
  it('makes a 256-bit key readable by the owner only at the first start, and reads the same key after', async () => {
    const first = loadLocalDataKey(dataDir);
    expect(first.length).toBe(32);
    expect((await stat(localDataKeyPath(dataDir))).mode & 0o777).toBe(0o600);
    expect(Buffer.from(loadLocalDataKey(dataDir)).equals(Buffer.from(first))).toBe(true);
  });

  it('refuses to start with a key others may read, and says how to fix it', async () => {
    loadLocalDataKey(dataDir);
    await chmod(localDataKeyPath(dataDir), 0o644);
    expect(() => loadLocalDataKey(dataDir)).toThrow(/other users \(mode 644\)\. Run: chmod 600 /);
  });

  it('refuses a key file of the wrong length instead of replacing it', async () => {
    loadLocalDataKey(dataDir);
    await writeFile(localDataKeyPath(dataDir), 'short', { mode: 0o600 });
    expect(() => loadLocalDataKey(dataDir)).toThrow(/exactly 32 bytes; it holds 5/);
    expect(await readFile(localDataKeyPath(dataDir), 'utf8')).toBe('short');
  });
});
