// `npm start` (and `npm run dev`, with WEB_MODE=dev): the whole product on one machine, no AWS account needed.
import { setTimeout } from 'node:timers/promises';
import { HealthReport } from '@chartside/shared';
import { startLocalRuntime } from './runtime';
import { readSettings } from './settings';
import { ensureWebBuild } from './web-build';

/** How long a dependency that is down just after start-up (an emulator still warming up) is given to come up. */
const SETTLE_MS = 30_000;

/** The dependencies down, with why ('dynamodb: TimeoutError'), asked again until none is or SETTLE_MS have passed. */
const dependenciesDown = async (url: string): Promise<string[]> => {
  const deadline = performance.now() + SETTLE_MS;
  for (;;) {
    const report = HealthReport.parse(await (await fetch(`${url}/api/health`)).json());
    const down = Object.entries(report.dependencies).flatMap(([name, state]) => (state.ok ? [] : [`${name}${state.detail ? `: ${state.detail}` : ''}`]));
    if (down.length === 0 || performance.now() > deadline) return down;
    await setTimeout(1_000);
  }
};

const started = performance.now();
try {
  const settings = readSettings();
  ensureWebBuild(settings);
  const runtime = await startLocalRuntime(settings);
  const down = await dependenciesDown(runtime.url);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    [
      '',
      `Chartside is running at ${runtime.url}  (${down.length === 0 ? 'healthy' : `not healthy: ${down.join('; ')}`} after ${seconds} s; data in ${settings.dataDir})`,
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
