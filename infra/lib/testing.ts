// Test helpers: an App with cdk.json's context and bundling skipped, and stub sources so the infra tests never
// depend on the lambdas or a web build being present.
import { App, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FunctionDefaults } from './constructs/app-function';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Files } from './constructs/files';
import { HttpApi } from './constructs/http-api';
import { Realtime } from './constructs/realtime';
import { type SourcePaths, sourcePaths } from './paths';

export const TEST_ENV = { account: '123456789012', region: 'us-east-1' } as const;

export const HANDLERS = ['http', 'http-files', 'http-search', 'http-ai', 'http-feed', 'http-backups', 'chat-reply', 'ws-authorizer', 'ws-connect', 'ws-disconnect', 'ws-default', 'search-indexer', 'search-index-setup', 'nightly-backup', 'feed-refresh', 'vapid-keys-setup', 'audit-writer'] as const;

const cdkJsonContext = (): Record<string, unknown> => {
  const cdkJson: unknown = JSON.parse(readFileSync(join(sourcePaths.repoRoot, 'cdk.json'), 'utf8'));
  if (typeof cdkJson !== 'object' || cdkJson === null || !('context' in cdkJson)) throw new Error('cdk.json has no context');
  return cdkJson.context as Record<string, unknown>;
};

export const testApp = (context: Record<string, unknown> = {}): App =>
  new App({
    context: {
      ...cdkJsonContext(),
      'aws:cdk:bundling-stacks': [],
      // Reference assets in place instead of copying them (the AWS CLI layer alone is tens of MB).
      'aws:cdk:disable-asset-staging': true,
      ...context,
    },
    builtinCloudFormationValidation: false,
  });

export const testStack = (app: App = testApp()): Stack => new Stack(app, 'Test', { env: TEST_ENV });

const writeOnce = (file: string, content: string): void => {
  if (!existsSync(file)) writeFileSync(file, content);
};

/**
 * A stand-in repo under the temp dir (one per variant, reused by every run): entry files and a lock file exist
 * (NodejsFunction checks both) but are never bundled, and the web bundle is a one-file stand-in.
 */
export const stubSources = (opts: { webDist: boolean }): SourcePaths => {
  const dir = join(tmpdir(), 'chartside-infra-stubs', opts.webDist ? 'with-web-dist' : 'without-web-dist');
  const handlersDir = join(dir, 'handlers');
  mkdirSync(handlersDir, { recursive: true });
  writeOnce(join(dir, 'package-lock.json'), '{}\n');
  for (const name of HANDLERS) writeOnce(join(handlersDir, `${name}.ts`), 'export const handler = () => undefined;\n');
  const webDistDir = join(dir, 'dist');
  if (opts.webDist) {
    mkdirSync(webDistDir, { recursive: true });
    writeOnce(join(webDistDir, 'index.html'), '<!doctype html><title>Chartside</title>\n');
  }
  return { repoRoot: dir, handlersDir, webDistDir };
};

/** Function settings for tests: the stub handlers and the data key. */
export const functionDefaults = (paths: SourcePaths, data: Data): FunctionDefaults => ({
  repoRoot: paths.repoRoot,
  handlersDir: paths.handlersDir,
  environment: { TABLE_NAME: 'table' },
  logKey: data.key,
  logRetention: RetentionDays.ONE_YEAR,
});

/** The constructs the APIs and the web construct need, in one test stack. */
export const backend = (stack: Stack, paths: SourcePaths) => {
  const data = new Data(stack, 'Data');
  const files = new Files(stack, 'Files', {
    bucketName: 'chartside-files-123456789012-us-east-1',
    key: data.key,
    webOrigins: ['https://*.cloudfront.net'],
  });
  const auth = new Auth(stack, 'Auth', { mfa: 'optional' });
  const defaults = functionDefaults(paths, data);
  const realtime = new Realtime(stack, 'Realtime', { defaults, data, logKey: data.key, accessLogs: false });
  const httpApi = new HttpApi(stack, 'HttpApi', { defaults, data, files, auth, realtime, logKey: data.key });
  return { data, files, auth, realtime, httpApi };
};

/** A statement of an IAM policy document, as a template holds it. */
export interface PolicyStatementJson {
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

/** The statements of the managed policy whose logical id starts with the prefix. */
export const statementsOf = (template: Template, prefix: string): PolicyStatementJson[] => {
  const [, policy] = Object.entries(template.findResources('AWS::IAM::ManagedPolicy')).find(([id]) => id.startsWith(prefix)) ?? [];
  return (policy?.Properties.PolicyDocument.Statement ?? []) as PolicyStatementJson[];
};
