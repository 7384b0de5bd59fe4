// The Lambda bundle benchmark: `npm run bench:lambdas [-- --runs 5]`. Synthesizes the real CDK app with bundling on, so
// every function is bundled by CDK itself with the options AppFunction gives it (nothing here repeats them), then prints
// each bundle's minified size and its cold init: a fresh `node` process importing the bundle until its handler export is
// there (the median of --runs processes, after one unmeasured). Exits 1 when a bundle is over the budget.
//
// Cold init runs the function's own module code with its CDK environment (NODE_OPTIONS included); values CloudFormation
// fills in at deploy are stand-ins, and Secrets Manager (read at init by the functions that push) is a local stand-in
// answering an empty secret. It runs on this machine's Node, not Lambda's: compare the figures with each other.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { App, Stack, type CfnResource } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { buildChartside } from '../../../infra/lib/app';
import { readDeployConfig } from '../../../infra/lib/config';
import { AppFunction } from '../../../infra/lib/constructs/app-function';
import { sourcePaths } from '../../../infra/lib/paths';

/** Each bundle (index.mjs, minified) must stay under this many bytes. */
const BUNDLE_BUDGET_BYTES = 1_000_000;

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;

/** A stand-in for a value CloudFormation fills in at deploy (a table name, an ARN, an endpoint). */
const standIn = (name: string) => {
  if (name === 'USER_POOL_ID') return 'us-east-1_Bench0000'; // the token verifier checks its shape at init
  // Shaped as a KMS key's, which the keyring checks at init; any other ARN is only ever sent to a service.
  if (name.endsWith('_ARN')) return 'arn:aws:kms:us-east-1:123456789012:key/00000000-0000-4000-8000-000000000000';
  if (name.endsWith('_ENDPOINT')) return `https://${name.toLowerCase().replaceAll('_', '-')}.bench.invalid`;
  return `bench-${name.toLowerCase().replaceAll('_', '-')}`;
};

/** The function's environment as CDK gives it, with deploy-time values stood in for. */
const environmentOf = (fn: AppFunction): Record<string, string> => {
  const cfn = fn.function.node.defaultChild as CfnFunction;
  const resolved = Stack.of(fn).resolve(cfn.environment) as { variables?: Record<string, unknown> } | undefined;
  return Object.fromEntries(Object.entries(resolved?.variables ?? {}).map(([name, value]) => [name, typeof value === 'string' ? value : standIn(name)]));
};

/** Answers every Secrets Manager call with an empty secret: the functions that push read theirs at init and find none. */
const startSecretsStandIn = () =>
  new Promise<http.Server>((resolve) => {
    const server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ SecretString: '{}' })));
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

/** Milliseconds from a fresh process's import of the bundle to its handler export being a function. */
const coldInit = (bundle: string, env: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const script = `const start = performance.now(); const m = await import(${JSON.stringify(bundle)});
if (typeof m.handler !== 'function') throw new Error('no handler export');
process.stdout.write(String(performance.now() - start)); process.exit(0);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`${bundle} failed to initialise (${code}): ${err.slice(-800)}`))));
  });

const outdir = mkdtempSync(path.join(os.tmpdir(), 'chartside-lambdas-'));
const cdkJson = JSON.parse(readFileSync(path.join(sourcePaths.repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
const app = new App({ outdir, context: { ...cdkJson.context, 'aws:cdk:enable-asset-metadata': true } });
// No web asset: only the functions are of interest (the Web construct warns that web/dist is missing).
buildChartside(app, readDeployConfig(app.node), { ...sourcePaths, webDistDir: path.join(outdir, 'no-web-dist') });
console.log(`bundling every function through CDK into ${outdir} …`);
app.synth();

const functions = app.node
  .findAll()
  .filter((construct): construct is AppFunction => construct instanceof AppFunction)
  .map((fn) => {
    const assetPath = (fn.function.node.defaultChild as CfnResource).cfnOptions.metadata?.['aws:asset:path'];
    if (typeof assetPath !== 'string') throw new Error(`${fn.node.path} has no asset path in its metadata`);
    return { handler: fn.handler, bundle: path.join(outdir, assetPath, 'index.mjs'), env: environmentOf(fn) };
  })
  .sort((a, b) => a.handler.localeCompare(b.handler));

const secrets = await startSecretsStandIn();
const secretsAddress = secrets.address() as { port: number };
const baseEnv = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${secretsAddress.port}`,
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};
const overBudget: string[] = [];
try {
  console.log(`\nLambda bundles (budget ${BUNDLE_BUDGET_BYTES / 1_000_000} MB minified; cold init: median of ${runs} fresh processes, load ${os.loadavg()[0]!.toFixed(2)})`);
  console.log('function               size (KB)   cold init');
  for (const fn of functions) {
    const bytes = statSync(fn.bundle).size;
    await coldInit(fn.bundle, { ...baseEnv, ...fn.env }); // unmeasured: reads the bundle into the file cache, as Lambda's own disk holds it
    const inits: number[] = [];
    for (let run = 0; run < runs; run += 1) inits.push(await coldInit(fn.bundle, { ...baseEnv, ...fn.env }));
    const over = bytes > BUNDLE_BUDGET_BYTES;
    if (over) overBudget.push(fn.handler);
    console.log(`${fn.handler.padEnd(22)} ${(bytes / 1000).toFixed(0).padStart(9)}   ${median(inits).toFixed(0).padStart(6)} ms${over ? '   OVER BUDGET' : ''}`);
  }
  console.log(`load average after: ${os.loadavg()[0]!.toFixed(2)}`);
} finally {
  secrets.close();
  rmSync(outdir, { recursive: true, force: true });
}
if (overBudget.length > 0) {
  console.error(`\n${overBudget.length} bundle(s) over ${BUNDLE_BUDGET_BYTES / 1_000_000} MB: ${overBudget.join(', ')}`);
  process.exit(1);
}
