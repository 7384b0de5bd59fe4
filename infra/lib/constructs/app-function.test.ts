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
import { AppFunction, bundleAliases, copyPackagesCommands, encryptionSdkAliases } from './app-function';

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

describe('encryptionSdkAliases', () => {
  // The cipher as the files function and the chat reply use it, and a message signed with ECDSA, which Chartside never writes.
  const entry = `import { buildEncrypt } from '@aws-crypto/encrypt-node';
import { AlgorithmSuiteIdentifier, CommitmentPolicy } from '@aws-crypto/material-management-node';
import { encryptionSdkCipher, rawAesKeyring } from './encryption-sdk-cipher';
export const cipherOf = (key: Uint8Array) => encryptionSdkCipher(rawAesKeyring(key));
const { encrypt } = buildEncrypt(CommitmentPolicy.REQUIRE_ENCRYPT_REQUIRE_DECRYPT);
export const sealSigned = async (key: Uint8Array, plaintext: Uint8Array, context: Record<string, string>) =>
  (await encrypt(rawAesKeyring(key), plaintext, { suiteId: AlgorithmSuiteIdentifier.ALG_AES256_GCM_IV12_TAG16_HKDF_SHA512_COMMIT_KEY_ECDSA_P384, encryptionContext: context })).result;`;
  type Cipher = import('@chartside/lambdas/ports/envelope-cipher').EnvelopeCipher;
  type Bundled = { cipherOf: (key: Uint8Array) => Cipher; sealSigned: (key: Uint8Array, plaintext: Uint8Array, context: Record<string, string>) => Promise<Uint8Array> };

  it('bundles the cipher without ASN.1 and readable-stream, sealing and opening as the whole SDK does, and refusing a signed message', async () => {
    const bundle = async (alias: Record<string, string>) => {
      const result = await build({
        stdin: { contents: entry, resolveDir: join(sourcePaths.handlersDir, '..', 'adapters', 'envelope'), loader: 'ts' },
        ...{ bundle: true, platform: 'node', format: 'esm', mainFields: ['module', 'main'], minify: true, write: false, metafile: true, absWorkingDir: sourcePaths.repoRoot, alias },
        // As AppFunction's bundles: readable-stream's CommonJS requires Node's stream.
        banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      });
      const dir = mkdtempSync(join(tmpdir(), 'encryption-sdk-alias-'));
      writeFileSync(join(dir, 'bundle.mjs'), result.outputFiles[0]!.contents);
      const inputs = Object.keys(result.metafile.inputs);
      return { size: result.outputFiles[0]!.contents.length, inputs, module: (await import(pathToFileURL(join(dir, 'bundle.mjs')).href)) as Bundled };
    };
    const everyBundle = bundleAliases(sourcePaths.repoRoot, sourcePaths.handlersDir);
    const [whole, trimmed] = await Promise.all([bundle(everyBundle), bundle({ ...everyBundle, ...encryptionSdkAliases(sourcePaths.repoRoot, sourcePaths.handlersDir) })]);
    expect(whole.size - trimmed.size).toBeGreaterThan(100_000);
    expect(trimmed.inputs.filter((input) => /node_modules\/(asn1\.js|readable-stream)\//.test(input))).toEqual([]);

    // A keyring takes its key over (and zeroes the array given), so each gets a copy.
    const key = () => new Uint8Array(32).fill(7);
    const context = { userId: 'user-1', itemId: 'item-1' };
    const text = new TextEncoder().encode('Discharge summary: '.repeat(8000)); // 150 KB, three frames
    const [wholeCipher, trimmedCipher] = [whole.module.cipherOf(key()), trimmed.module.cipherOf(key())];
    // Either opens what the other sealed.
    expect((await wholeCipher.decrypt(await trimmedCipher.encrypt(text, context), context)).plaintext).toEqual(text);
    expect((await trimmedCipher.decrypt(await wholeCipher.encrypt(text, context), context)).plaintext).toEqual(text);
    // A signed message is a valid one the whole SDK opens; the trimmed bundle refuses it as unreadable.
    const signed = await whole.module.sealSigned(key(), text, context);
    expect((await wholeCipher.decrypt(signed, context)).plaintext).toEqual(text);
    await expect(trimmedCipher.decrypt(signed, context)).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('could not be decrypted') });
  });
});
