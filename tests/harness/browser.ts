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

export const launchBrowser = (): Promise<Browser> => {
  mkdirSync(screenshotDir, { recursive: true });
  return chromium.launch({
    executablePath: executablePath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
};
