// The backup CLI (`npm run backup` / `npm run restore`) against a runtime, and the raw objects it stores, for tests.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { quietSdkEnv, repoRoot, type TestRuntime } from './runtime';

const run = promisify(execFile);

export const backupCli = async (runtime: Pick<TestRuntime, 'port' | 'dataDir'>, command: 'backup' | 'restore', args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'infra/local/src/backup-cli.ts', command, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...quietSdkEnv, PORT: String(runtime.port), DATA_DIR: runtime.dataDir },
  });

/** The stored bytes of one object of the runtime's backups bucket. */
export const backupObject = async (runtime: Pick<TestRuntime, 'dataDir'>, key: string): Promise<Buffer> => {
  const { s3, backupsBucket } = JSON.parse(readFileSync(path.join(runtime.dataDir, 'endpoints.json'), 'utf8')) as { s3: string; backupsBucket: string };
  const client = new S3Client({ endpoint: s3, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const object = await client.send(new GetObjectCommand({ Bucket: backupsBucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
};
