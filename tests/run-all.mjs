// `npm test`: typecheck, lint, build, then every Vitest project (unit, integration, browser, infra).
// Installs Debian's Chromium when no browser is found, and Debian's pocketsphinx and flite for dictation when missing.
// Ends with `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'tests/.artifacts');
mkdirSync(artifacts, { recursive: true });

const run = (command, args, env = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;

const browserPath = () => [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));

const hasApt = () => process.platform === 'linux' && existsSync('/usr/bin/apt-get');

const aptInstall = (...packages) => {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) => run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], { DEBIAN_FRONTEND: 'noninteractive' });
  return apt('update', '-qq') && apt('install', '-y', '-qq', ...packages);
};

const ensureChromium = () => {
  if (browserPath()) return true;
  if (!hasApt()) {
    console.error('No Chromium found: install it, or set CHROME_PATH to a Chromium or Chrome binary.');
    return false;
  }
  console.log('Installing Debian\'s chromium for the browser tests…');
  return aptInstall('chromium', 'fonts-liberation') && Boolean(browserPath());
};

// The local dictation engine (pocketsphinx's Python module and its US English model) and the speech the tests feed it.
const dictationPackages = ['python3-pocketsphinx', 'pocketsphinx-en-us', 'flite'];
const debianInstalled = (name) => spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout?.includes('install ok installed');

const ensureDictation = () => {
  if (!hasApt()) {
    console.error(`Dictation tests need Debian's ${dictationPackages.join(', ')}: on another system install pocketsphinx with its Python module and en-us model, and flite.`);
    return false;
  }
  const missing = dictationPackages.filter((name) => !debianInstalled(name));
  if (missing.length === 0) return true;
  console.log(`Installing Debian's ${missing.join(', ')} for dictation…`);
  return aptInstall(...missing) && missing.every(debianInstalled);
};

const checks = [
  ['Chromium present', ensureChromium],
  ['pocketsphinx and flite present', ensureDictation],
  ['typecheck', () => run('npm', ['run', '-s', 'typecheck'])],
  ['lint', () => run('npm', ['run', '-s', 'lint'])],
  ['web build', () => run('npm', ['run', '-s', 'build'])],
  ['first screen within its JavaScript budget', () => run('node', ['--import', 'tsx', 'infra/local/src/first-screen-check.ts'])],
];

let passed = 0;
let failed = 0;
for (const [name, check] of checks) {
  console.log(`\n== ${name}`);
  if (check()) passed += 1;
  else {
    failed += 1;
    console.error(`!! ${name} failed`);
  }
}

console.log('\n== vitest (unit, integration, browser, infra)');
// The summary reporter decides what counts (tests/harness/summary-reporter.ts), unhandled errors included.
const summaryFile = path.join(artifacts, 'summary.json');
rmSync(summaryFile, { force: true });
const vitestPassed = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=./tests/harness/summary-reporter.ts'], {
  CHROME_PATH: browserPath() ?? '',
  TEST_SUMMARY_FILE: summaryFile,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
});
if (existsSync(summaryFile)) {
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  passed += summary.passed;
  failed += summary.failed;
  for (const line of [...summary.failedTests, ...summary.filesFailedOutsideTests, ...summary.unhandledErrors]) console.error(`!! ${line}`);
  console.log(`\nvitest took ${Math.round(summary.durationMs / 1000)} s; slowest files:`);
  for (const { file, durationMs } of summary.slowestFiles) console.log(`  ${Math.round(durationMs / 1000)} s  ${file}`);
  // Vitest failing with nothing counted (a broken config, a crashed global setup) is still a failure.
  if (!vitestPassed && summary.failed === 0) failed += 1;
} else {
  failed += 1;
  console.error('!! vitest wrote no summary');
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
