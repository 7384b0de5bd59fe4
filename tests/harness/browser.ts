// Debian's Chromium driven by Playwright (playwright-core: no browser download).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { repoRoot } from './runtime';

export const screenshotDir = path.join(repoRoot, 'tests/.artifacts/screenshots');

const executablePath = () => {
  const found = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
  if (!found) throw new Error('No Chromium: `npm test` installs it on Debian, or set CHROME_PATH.');
  return found;
};

export interface BrowserOptions {
  /**
   * A 16-bit WAV the browser's microphone plays, once, from the moment a page takes the microphone (Chromium's fake
   * capture device; a page still has to be granted the microphone, see BrowserContext.grantPermissions).
   */
  fakeMicrophone?: string;
}

export const launchBrowser = ({ fakeMicrophone }: BrowserOptions = {}): Promise<Browser> => {
  mkdirSync(screenshotDir, { recursive: true });
  const microphone = fakeMicrophone ? ['--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${fakeMicrophone}%noloop`] : [];
  return chromium.launch({
    executablePath: executablePath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...microphone],
  });
};
