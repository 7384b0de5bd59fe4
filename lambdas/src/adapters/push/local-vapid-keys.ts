// The local runtime's VAPID key pair: made with web-push at the first start into DATA_DIR/keys/vapid.json, readable by
// the owner only (like the data key beside it). Kept across restarts, since every browser's subscription is bound to
// the public key it subscribed with.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';
import { VapidKeys } from './vapid-keys';

export const localVapidKeysPath = (dataDir: string) => join(dataDir, 'keys', 'vapid.json');

/** Read once at start (synchronously, as the runtime composes its adapters). */
export const loadLocalVapidKeys = (dataDir: string): VapidKeys => {
  const path = localVapidKeysPath(dataDir);
  mkdirSync(join(dataDir, 'keys'), { recursive: true, mode: 0o700 });
  try {
    // 'wx': never replace a key pair that exists (every subscription made with it would stop receiving).
    writeFileSync(path, JSON.stringify(webPush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const { mode } = statSync(path);
  if ((mode & 0o077) !== 0) {
    throw new Error(`${path} may be read or changed by other users (mode ${(mode & 0o777).toString(8)}). Run: chmod 600 ${path}`);
  }
  const parsed = VapidKeys.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path} must hold a VAPID key pair ({ publicKey, privateKey }, base64url); remove it to make a new one.`);
  return parsed.data;
};
