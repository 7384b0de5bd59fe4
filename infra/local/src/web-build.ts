// `npm start` serves the built, installable app: rebuilt first when its sources changed since the last build, so a
// newcomer never meets an old bundle (or none). Hot reload is `npm run dev`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LocalSettings } from './settings';

/** What the web bundle is built from, relative to the repository. */
const WEB_SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'shared/src', 'package-lock.json'];

const newestChange = (entry: string): number => {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
};

/** Why the bundle in `web/dist` must be (re)built, or undefined when it is up to date. */
export const staleWebBuild = (repoRoot: string): string | undefined => {
  const built = path.join(repoRoot, 'web/dist/index.html');
  if (!existsSync(built)) return 'there is no build yet';
  const builtAt = statSync(built).mtimeMs;
  const changed = WEB_SOURCES.find((source) => newestChange(path.join(repoRoot, source)) > builtAt);
  return changed && `${changed} changed since the last build`;
};

/**
 * Builds web/dist when it is missing or older than its sources. Only the default bundle: a WEB_DIST_DIR of one's own
 * is served as it is.
 */
export const ensureWebBuild = (settings: Pick<LocalSettings, 'WEB_MODE' | 'webDistDir' | 'repoRoot'>): void => {
  if (settings.WEB_MODE !== 'dist' || settings.webDistDir !== path.join(settings.repoRoot, 'web/dist')) return;
  const reason = staleWebBuild(settings.repoRoot);
  if (!reason) return;
  console.log(`Building the web app (${reason})…`);
  const started = performance.now();
  const vite = path.join(settings.repoRoot, 'node_modules/vite/bin/vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: path.join(settings.repoRoot, 'web'), stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed (see above); fix it, or run `npm run dev` for the hot-reloading app');
  console.log(`Built the web app in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
};
