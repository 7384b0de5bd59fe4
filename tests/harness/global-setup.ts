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

interface SuiteServices {
  runtimeUrl: string;
  runtimePort: number;
  runtimeDataDir: string;
  articleFixturesUrl: string;
  modelDoubleUrl: string;
  stop: () => Promise<void>;
}

const startSuiteServices = async (): Promise<SuiteServices> => {
  // The bundle the runtimes serve: web/dist, or one's own build given as WEB_DIST_DIR.
  const dist = path.resolve(repoRoot, process.env.WEB_DIST_DIR ?? 'web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} holds no built app: run \`npm run build\` before the tests (npm test does).`);
  // The outside world the runtime calls comes up first, so the runtime starts pointed at it.
  const articleFixtures = await startArticleFixtures();
  const models = await startModelDouble({ pieceDelayMs: 15 });
  const runtime = await startRuntime({ env: { ...articleFixtureEnv(articleFixtures), OLLAMA_URL: models.url } });
  let stopping = false;
  runtime.child.once('exit', (code, signal) => {
    if (!stopping) console.error(`The suite's runtime exited unexpectedly (${code ?? signal}):\n${runtime.output()}`);
  });
  return {
    runtimeUrl: runtime.url,
    runtimePort: runtime.port,
    runtimeDataDir: runtime.dataDir,
    articleFixturesUrl: articleFixtures.url,
    modelDoubleUrl: models.url,
    stop: async () => {
      stopping = true;
      await runtime.stop();
      await articleFixtures.close();
      await models.close();
    },
  };
};

// The browser and integration tests are two projects (files run side by side, and files that script the shared model
// double one at a time); both get this setup, and both use the same services, started once and stopped after the last.
const suite = globalThis as typeof globalThis & { chartsideSuite?: { services: Promise<SuiteServices>; users: number } };

export default async function setup(project: TestProject) {
  suite.chartsideSuite ??= { services: startSuiteServices(), users: 0 };
  const shared = suite.chartsideSuite;
  shared.users += 1;
  const services = await shared.services;
  project.provide('runtimeUrl', services.runtimeUrl);
  project.provide('runtimePort', services.runtimePort);
  project.provide('runtimeDataDir', services.runtimeDataDir);
  project.provide('articleFixturesUrl', services.articleFixturesUrl);
  project.provide('modelDoubleUrl', services.modelDoubleUrl);
  return async () => {
    shared.users -= 1;
    if (shared.users === 0) await services.stop();
  };
}
