// The local runtime's wrapping key: 32 random bytes in DATA_DIR/keys/data-key, made at the first start, readable by the
// owner only. A key file others may read (or change) would make the encryption at rest pointless, so it refuses one.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCAL_KEY_BYTES = 32;

export const localDataKeyPath = (dataDir: string) => join(dataDir, 'keys', 'data-key');

/** Read once at start (synchronously, as the runtime composes its adapters). */
export const loadLocalDataKey = (dataDir: string): Uint8Array => {
  const path = localDataKeyPath(dataDir);
  mkdirSync(join(dataDir, 'keys'), { recursive: true, mode: 0o700 });
  try {
    // 'wx': never replace a key that exists (data encrypted under it would be lost).
    writeFileSync(path, randomBytes(LOCAL_KEY_BYTES), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const { mode } = statSync(path);
  if ((mode & 0o077) !== 0) {
    throw new Error(`${path} may be read or changed by other users (mode ${(mode & 0o777).toString(8)}). Run: chmod 600 ${path}`);
  }
  const key = readFileSync(path);
  if (key.length !== LOCAL_KEY_BYTES) throw new Error(`${path} must hold exactly ${LOCAL_KEY_BYTES} bytes; it holds ${key.length}.`);
  return new Uint8Array(key);
};
