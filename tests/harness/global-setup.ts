// One runtime for the whole suite; each test file makes its own users, so files never share data.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startRuntime } from './runtime';

declare module 'vitest' {
  export interface ProvidedContext {
    runtimeUrl: string;
    runtimePort: number;
    runtimeDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) throw new Error('web/dist is missing: run `npm run build` before the tests (npm test does).');
  const runtime = await startRuntime();
  runtime.child.once('exit', (code, signal) => {
    if (!stopping) console.error(`The suite's runtime exited unexpectedly (${code ?? signal}):\n${runtime.output()}`);
  });
  let stopping = false;
  project.provide('runtimeUrl', runtime.url);
  project.provide('runtimePort', runtime.port);
  project.provide('runtimeDataDir', runtime.dataDir);
  return async () => {
    stopping = true;
    await runtime.stop();
  };
}
