// `npm test`: typecheck, lint, build, then every Vitest project (unit, integration, browser, infra).
// Installs Debian's Chromium when no browser is found, and Debian's pocketsphinx and flite for dictation when missing.
// Ends with `tests: N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const testStartedAt = Date.now();
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

const seconds = (since) => Math.round((Date.now() - since) / 1000);

let passed = 0;
let failed = 0;
const count = (name, ok) => {
  if (ok) passed += 1;
  else {
    failed += 1;
    console.error(`!! ${name} failed`);
  }
};

// What the tests need on the machine, one at a time (apt takes one install at a time).
for (const [name, check] of [
  ['Chromium present', ensureChromium],
  ['pocketsphinx and flite present', ensureDictation],
]) {
  console.log(`\n== ${name}`);
  count(name, check());
}

/** Runs commands one after another with their output held back, so checks running side by side print whole. */
const runHeld = async (steps) => {
  let output = '';
  for (const [command, args] of steps) {
    const code = await new Promise((resolve) => {
      const child = spawn(command, args, { cwd: root, env: process.env });
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', resolve);
    });
    if (code !== 0) return { ok: false, output };
  }
  return { ok: true, output };
};

// Each check is one process on one core, so they run side by side, as many at once as the machine has cores; each
// project of package.json's typecheck script (the one list of them) is a check of its own. The longest start first.
const typecheckProjects = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.typecheck.split('&&')
  .map((command) => command.trim().split(/\s+/).at(-1));
const checks = [
  ['lint', [['npm', ['run', '-s', 'lint']]]],
  ['web build, and the first screen within its JavaScript budget', [['npm', ['run', '-s', 'build']], ['node', ['--import', 'tsx', 'infra/local/src/first-screen-check.ts']]]],
  ...typecheckProjects.map((project) => [`typecheck ${project}`, [[path.join(root, 'node_modules/.bin/tsc'), ['-p', project]]]]),
];
const checksStartedAt = Date.now();
const queue = [...checks];
await Promise.all(
  Array.from({ length: Math.max(1, os.availableParallelism()) }, async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const [name, steps] = check;
      const checkStartedAt = Date.now();
      const { ok, output } = await runHeld(steps);
      console.log(`\n== ${name} (${seconds(checkStartedAt)} s)`);
      if (output.trim()) console.log(output.trimEnd());
      count(name, ok);
    }
  }),
);
const checksSeconds = seconds(checksStartedAt);

console.log('\n== vitest (unit, integration, browser, infra)');
// The summary reporter decides what counts (tests/harness/summary-reporter.ts), unhandled errors included.
const summaryFile = path.join(artifacts, 'summary.json');
rmSync(summaryFile, { force: true });
const vitestStartedAt = Date.now();
const vitestPassed = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=./tests/harness/summary-reporter.ts'], {
  CHROME_PATH: browserPath() ?? '',
  TEST_SUMMARY_FILE: summaryFile,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
  // The suite's runtimes are many and short-lived: their DynamoDB Local spends less CPU on compiling (README, Settings).
  DYNAMODB_LOCAL_JIT: 'quick',
});
const vitestSeconds = seconds(vitestStartedAt);
if (existsSync(summaryFile)) {
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  passed += summary.passed;
  failed += summary.failed;
  for (const line of [...summary.failedTests, ...summary.filesFailedOutsideTests, ...summary.unhandledErrors]) console.error(`!! ${line}`);
  console.log('\nslowest files:');
  for (const { file, durationMs } of summary.slowestFiles) console.log(`  ${Math.round(durationMs / 1000)} s  ${file}`);
  // Vitest failing with nothing counted (a broken config, a crashed global setup) is still a failure.
  if (!vitestPassed && summary.failed === 0) failed += 1;
} else {
  failed += 1;
  console.error('!! vitest wrote no summary');
}

console.log(`\nnpm test took ${seconds(testStartedAt)} s (checks ${checksSeconds} s side by side, vitest ${vitestSeconds} s)`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
