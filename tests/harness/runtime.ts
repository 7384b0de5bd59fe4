// Starts a real local runtime (`npm start`'s entry) as a child process on a free port with its own data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface TestRuntime {
  url: string;
  port: number;
  dataDir: string;
  demo: { email: string; password: string };
  child: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
  /**
   * SIGKILL to the runtime and every process it started (its emulators), as a crash of the machine it runs on does:
   * nothing closes cleanly. Resolves once none of them is left, so a restart can take the same ports again.
   */
  kill(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

export const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'chartside-test-'));

/**
 * The same command line as `npm start`, without npm in between so signals reach the runtime itself. The legacy OpenSSL
 * provider: s3rver makes a truncated listing's continuation token with DES.
 */
export const startCommand = ['--openssl-legacy-provider', '--import', 'tsx', path.join(repoRoot, 'infra/local/src/start.ts')];
/** A guard, not a measure: a runtime starts in 10-20 s, but one CI run under load passed 60 s. Below the hook timeout. */
const START_TIMEOUT_MS = 150_000;
export const quietSdkEnv = { AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

/** Whether any process of the group led by `pid` is still running. */
const groupRunning = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `port`: a restart after kill() takes the same one, so the browser's pages (their origin) carry on. */
export const startRuntime = async (options: { dataDir?: string; env?: Record<string, string>; port?: number } = {}): Promise<TestRuntime> => {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? newDataDir();
  const child = spawn(process.execPath, startCommand, {
    cwd: repoRoot,
    // Its own process group, so kill() reaches the emulators it starts too.
    detached: true,
    env: { ...process.env, ...quietSdkEnv, PORT: String(port), DATA_DIR: dataDir, WEB_MODE: 'dist', LOG_LEVEL: 'WARN', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Also kept in its data folder: a CI log shows only its own tail, and a runtime that died mid-suite is read there.
  const log = createWriteStream(path.join(dataDir, 'runtime.log'), { flags: 'a' });
  log.on('error', (error) => console.error(`the runtime's log in ${dataDir} could not be written: ${error.message}`));
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // 'close' comes after the last output (and after any emulator that shared the pipes has gone too).
  child.once('close', (code, signal) => log.end(`exited with ${code ?? signal}\n`));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const demo = await new Promise<{ email: string; password: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`runtime did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    const check = () => {
      const match = /Demo clinician[^:]*: (\S+) \/ (\S+)/.exec(output);
      if (match?.[1] && match[2]) {
        clearTimeout(timer);
        resolve({ email: match[1], password: match[2] });
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`runtime exited with ${code}:\n${output}`));
    });
  });

  return {
    url: `http://localhost:${port}`,
    port,
    dataDir,
    demo,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      const pid = child.pid!;
      if (groupRunning(pid)) process.kill(-pid, 'SIGKILL');
      await exited;
      while (groupRunning(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
};
