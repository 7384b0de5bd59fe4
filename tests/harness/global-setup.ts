// One runtime for the whole suite; each test file makes its own users, so files never share data.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { articleFixtureEnv, startArticleFixtures } from './article-fixtures';
import { startModelDouble } from '@chartside/lambdas/test/model-double';
import { repoRoot, startRuntime } from './runtime';

declare module 'vitest' {
  export interface ProvidedContext {
    runtimeUrl: string;
    runtimePort: number;
    runtimeDataDir: string;
    /** The stand-in for Crossref, Unpaywall and article pages the runtime is pointed at. */
    articleFixturesUrl: string;
    /** The model server (Ollama's API) the runtime's AI is pointed at; script it with modelDoubleControl. */
    modelDoubleUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // The bundle the runtimes serve: web/dist, or one's own build given as WEB_DIST_DIR.
  const dist = path.resolve(repoRoot, process.env.WEB_DIST_DIR ?? 'web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} holds no built app: run \`npm run build\` before the tests (npm test does).`);
  // The outside world the runtime calls comes up first, so the runtime starts pointed at it.
  const articleFixtures = await startArticleFixtures();
  const models = await startModelDouble({ pieceDelayMs: 15 });
  const runtime = await startRuntime({ env: { ...articleFixtureEnv(articleFixtures), OLLAMA_URL: models.url } });
  runtime.child.once('exit', (code, signal) => {
    if (!stopping) console.error(`The suite's runtime exited unexpectedly (${code ?? signal}):\n${runtime.output()}`);
  });
  let stopping = false;
  project.provide('runtimeUrl', runtime.url);
  project.provide('runtimePort', runtime.port);
  project.provide('runtimeDataDir', runtime.dataDir);
  project.provide('articleFixturesUrl', articleFixtures.url);
  project.provide('modelDoubleUrl', models.url);
  return async () => {
    stopping = true;
    await runtime.stop();
    await articleFixtures.close();
    await models.close();
  };
}
