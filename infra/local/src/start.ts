// `npm start` (and `npm run dev`, with WEB_MODE=dev): the whole product on one machine, no AWS account needed.
import { startLocalRuntime } from './runtime';
import { readSettings } from './settings';
import { ensureWebBuild } from './web-build';

const started = performance.now();
try {
  const settings = readSettings();
  ensureWebBuild(settings);
  const runtime = await startLocalRuntime(settings);
  const health = await fetch(`${runtime.url}/api/health`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    [
      '',
      `Chartside is running at ${runtime.url}  (${health.ok ? 'healthy' : `health ${health.status}`} after ${seconds} s; data in ${settings.dataDir})`,
      `Demo clinician${runtime.demo.created ? ' (created now)' : ''}: ${runtime.demo.email} / ${runtime.demo.password}`,
      `Dictation: ${runtime.dictation}`,
      'Stop with Ctrl-C.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping Chartside…`);
    void runtime.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
} catch (error) {
  console.error(`Chartside could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
