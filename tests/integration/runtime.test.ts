// `npm start` itself: health, side-by-side runtimes, data kept across a restart, clean stop, the Java check.
import { mkdtempSync, symlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from '../harness/api';
import { newDataDir, quietSdkEnv, repoRoot, startCommand, startRuntime } from '../harness/runtime';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const javaPids = (dataDir: string) =>
  spawnSync('pgrep', ['-f', `DynamoDBLocal.jar.*${dataDir}`], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);

describe('the local runtime', () => {
  it('reports each dependency on /api/health', async () => {
    const { status, json } = await api(sharedRuntime())('GET', '/health');
    expect(status).toBe(200);
    expect(json).toEqual({
      status: 'ok',
      dependencies: { dynamodb: { ok: true }, s3: { ok: true }, cognito: { ok: true }, search: { ok: true }, realtime: { ok: true }, web: { ok: true } },
    });
  });

  it('serves the web app, its runtime configuration and the SPA fallback on one origin', async () => {
    const { url } = sharedRuntime();
    const config = await (await fetch(`${url}/config.json`)).json();
    expect(config).toMatchObject({ apiUrl: '/api', wsUrl: `${url.replace('http', 'ws')}/ws`, userPoolEndpoint: `${url}/cognito`, mfa: 'optional' });
    const deepLink = await fetch(`${url}/panel/123`);
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('<div id="root">');
  });

  it('runs beside another runtime, keeps its data across a restart, and stops its children on SIGTERM', async () => {
    const dataDir = newDataDir();
    const first = await startRuntime({ dataDir });
    expect(first.output()).toMatch(/healthy after \d+\.\d s/);
    const user = await createUser(first);
    const asUser = api(first, await signedIn(first, user));
    const { version } = (await asUser('GET', '/me')).json;
    await asUser('PATCH', '/me', { version, attendings: ['Dr Kept'] });
    const [java] = javaPids(dataDir);
    expect(java).toBeDefined();

    expect(await first.stop()).toBe(0);
    expect(isRunning(java!)).toBe(false);

    const second = await startRuntime({ dataDir });
    expect(second.demo).toEqual(first.demo); // the demo account is made once per data folder
    const again = api(second, await signedIn(second, user));
    expect((await again('GET', '/me')).json.attendings).toEqual(['Dr Kept']);
    expect(await second.stop()).toBe(0);
  });

  it('exits with one clear line when Java is missing', () => {
    const bin = mkdtempSync(path.join(os.tmpdir(), 'no-java-'));
    symlinkSync(process.execPath, path.join(bin, 'node'));
    const result = spawnSync(process.execPath, startCommand, {
      cwd: repoRoot,
      env: { ...quietSdkEnv, PATH: bin, HOME: os.tmpdir(), PORT: '1', DATA_DIR: newDataDir() },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Chartside could not start: Java 17 or newer is required to run DynamoDB Local: install it/);
  });
});
