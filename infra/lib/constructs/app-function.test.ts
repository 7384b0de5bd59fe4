import { Key } from 'aws-cdk-lib/aws-kms';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { sourcePaths } from '../paths';
import { stubSources, testStack } from '../testing';
import { AppFunction, bundleAliases, copyPackagesCommands } from './app-function';

describe('AppFunction', () => {
  let template: Template;
  beforeAll(() => {
    const stack = testStack();
    const paths = stubSources({ webDist: false });
    new AppFunction(stack, 'Fn', {
      defaults: {
        repoRoot: paths.repoRoot,
        handlersDir: paths.handlersDir,
        environment: { TABLE_NAME: 'table' },
        logKey: new Key(stack, 'Key'),
        logRetention: RetentionDays.ONE_YEAR,
      },
      handler: 'ws-connect',
      description: 'test',
    });
    template = Template.fromStack(stack);
  });

  it('runs Node 24 on arm64 with the ESM bundle and the given environment', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      Environment: { Variables: { TABLE_NAME: 'table', NODE_OPTIONS: '--enable-source-maps' } },
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^FnLogs') } },
    });
  });

  it('owns a KMS-encrypted log group with retention', () => {
    template.resourceCountIs('AWS::Logs::LogGroup', 1);
    template.hasResourceProperties('AWS::Logs::LogGroup', {
      KmsKeyId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Key'), 'Arn'] },
      RetentionInDays: 365,
    });
  });

  it('has a role with no AWS managed policy and no inline policy, only its own policy writing its own logs', () => {
    const roles = Object.values(template.findResources('AWS::IAM::Role'));
    expect(roles).toHaveLength(1);
    expect(roles[0]?.Properties).not.toHaveProperty('ManagedPolicyArns');
    expect(roles[0]?.Properties).not.toHaveProperty('Policies');
    template.resourceCountIs('AWS::IAM::Policy', 0);
    template.hasResourceProperties('AWS::IAM::ManagedPolicy', {
      Roles: [{ Ref: Match.stringLikeRegexp('^FnRole') }],
      PolicyDocument: {
        Statement: [
          {
            Effect: 'Allow',
            Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^FnLogs'), 'Arn'] },
          },
        ],
      },
    });
  });
});

describe('copyPackagesCommands', () => {
  it('copies a shipped package, data folder and all, from node_modules into the asset', () => {
    const [mkdir, copy] = copyPackagesCommands(sourcePaths.repoRoot, '/asset-output', ['fast-geoip']);
    expect(mkdir).toBe('mkdir -p "/asset-output/node_modules"');
    const source = /^cp -R "(.+)" "\/asset-output\/node_modules\/fast-geoip"$/.exec(copy ?? '')?.[1];
    expect(source).toBeDefined();
    expect(existsSync(join(source!, 'data', 'index.json'))).toBe(true);
  });
});

describe('bundleAliases', () => {
  // As @hono/zod-openapi does: zod's namespace handed over as a value, so the bundler keeps every export it has.
  const entry = `import { z } from 'zod';
export const exports = Object.keys(z);
export const check = (value) => z.object({ name: z.string().min(2) }).safeParse(value);`;

  it('bundles zod without its translations, still checking and answering in English', async () => {
    const bundle = (alias: Record<string, string>) =>
      build({
        stdin: { contents: entry, resolveDir: join(sourcePaths.repoRoot, 'lambdas'), loader: 'js' },
        ...{ bundle: true, platform: 'node', format: 'esm', minify: true, write: false, absWorkingDir: sourcePaths.repoRoot, alias },
      });
    const [plain, aliased] = await Promise.all([bundle({}), bundle(bundleAliases(sourcePaths.repoRoot, sourcePaths.handlersDir))]);
    const size = (result: Awaited<ReturnType<typeof bundle>>) => result.outputFiles[0]!.contents.length;
    expect(size(plain) - size(aliased)).toBeGreaterThan(150_000);

    const dir = mkdtempSync(join(tmpdir(), 'zod-alias-'));
    writeFileSync(join(dir, 'bundle.mjs'), aliased.outputFiles[0]!.contents);
    const bundled = (await import(pathToFileURL(join(dir, 'bundle.mjs')).href)) as { exports: string[]; check: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
    expect(bundled.exports).toEqual(expect.arrayContaining(['object', 'string', 'ZodType', 'core', 'locales']));
    expect(bundled.check({ name: 'Ada' }).success).toBe(true);
    expect(bundled.check({ name: 'A' }).error?.issues[0]?.message).toBe('Too small: expected string to have >=2 characters');
  });
});
