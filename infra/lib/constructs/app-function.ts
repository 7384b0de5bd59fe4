// One Lambda function the way Chartside runs them: Node 24 on arm64, ESM bundle, its own encrypted log group,
// its own role whose permissions live in one customer-managed policy that the other constructs add statements to.
import { Duration } from 'aws-cdk-lib';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { acknowledge } from '../nag';

/** What every function shares; built once by the app stack. */
export interface FunctionDefaults {
  readonly repoRoot: string;
  readonly handlersDir: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly logKey: IKey;
  readonly logRetention: RetentionDays;
}

export interface AppFunctionProps {
  readonly defaults: FunctionDefaults;
  /** Entry file name in the handlers folder without `.ts`, e.g. `ws-connect`. */
  readonly handler: string;
  readonly description: string;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  /**
   * Packages shipped whole beside the bundle instead of bundled: ones that read data files next to their own code
   * (fast-geoip's database). They are copied from node_modules, so synth needs no network.
   */
  readonly shippedPackages?: readonly string[];
  /** The function encrypts or decrypts with the Encryption SDK: its bundle takes encryptionSdkAliases too. */
  readonly encryptionSdk?: boolean;
}

/** Where node would load a package from for the lambdas workspace; the hoisted location when it cannot tell. */
const packageDir = (repoRoot: string, name: string) => {
  try {
    return dirname(createRequire(join(repoRoot, 'lambdas', 'package.json')).resolve(`${name}/package.json`));
  } catch {
    // CDK builds the bundling command even for stacks it will not bundle (the tests' stub sources have no packages).
    return join(repoRoot, 'node_modules', name);
  }
};

/** Shell commands copying each package's folder into the asset's node_modules. */
export const copyPackagesCommands = (repoRoot: string, outputDir: string, packages: readonly string[]): string[] =>
  packages.flatMap((name) => {
    const source = packageDir(repoRoot, name);
    const target = join(outputDir, 'node_modules', name);
    return [`mkdir -p "${dirname(target)}"`, `cp -R "${source}" "${target}"`];
  });

/** A module of lambdas/bundling, from the project root. */
const bundlingModule = (repoRoot: string, handlersDir: string, file: string) => `./${relative(repoRoot, join(handlersDir, '..', '..', 'bundling', file))}`;

/**
 * Packages every bundle takes from a module of ours instead (each module says why): the SDK's credential chain as Lambda
 * has it (the role's credentials in the environment), and zod without its translated error messages. Paths from the
 * project root, where esbuild runs both on this machine and in a bundling container.
 */
export const bundleAliases = (repoRoot: string, handlersDir: string): Record<string, string> => ({
  '@aws-sdk/credential-provider-node': `./${relative(repoRoot, join(handlersDir, '..', 'adapters', 'aws', 'lambda-credentials.ts'))}`,
  zod: bundlingModule(repoRoot, handlersDir, 'zod.mjs'),
});

/**
 * What a bundle with the Encryption SDK takes from lambdas/bundling instead, for the unsigned messages Chartside writes:
 * no ASN.1 parser (only signatures need it) and Node's own streams for their readable-stream copy. Not for every bundle:
 * web-push (the feed refresh function) signs with ASN.1.
 */
export const encryptionSdkAliases = (repoRoot: string, handlersDir: string): Record<string, string> => ({
  'asn1.js': bundlingModule(repoRoot, handlersDir, 'asn1-unsigned.mjs'),
  'readable-stream': bundlingModule(repoRoot, handlersDir, 'readable-stream.mjs'),
});

export class AppFunction extends Construct {
  /** The entry file name in the handlers folder (props.handler), e.g. `ws-connect`. */
  readonly handler: string;
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;
  /** Grants go here (not to an inline policy), so each function's permissions read as one document. */
  readonly policy: ManagedPolicy;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { defaults } = props;
    this.handler = props.handler;

    this.logGroup = new LogGroup(this, 'Logs', {
      encryptionKey: defaults.logKey,
      retention: defaults.logRetention,
    });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.handler}`,
    });
    this.policy = new ManagedPolicy(this, 'Policy', {
      roles: [this.role],
      statements: [
        new PolicyStatement({
          actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          resources: [this.logGroup.logGroupArn],
        }),
      ],
    });

    this.function = new NodejsFunction(this, 'Function', {
      entry: join(defaults.handlersDir, `${props.handler}.ts`),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      environment: { ...defaults.environment, NODE_OPTIONS: '--enable-source-maps' },
      projectRoot: defaults.repoRoot,
      depsLockFilePath: join(defaults.repoRoot, 'package-lock.json'),
      bundling: {
        format: OutputFormat.ESM,
        target: 'node24',
        mainFields: ['module', 'main'],
        minify: true,
        esbuildArgs: {
          // Non-ASCII text as UTF-8, which Node reads modules as, not as 6-byte \u escapes: the HTTP API's bundle is 0.1 MB
          // less. (An esbuild argument: this aws-cdk-lib's bundling drops its own `charset` option.)
          '--charset': 'utf8',
          ...Object.fromEntries(
            Object.entries({
              ...bundleAliases(defaults.repoRoot, defaults.handlersDir),
              ...(props.encryptionSdk ? encryptionSdkAliases(defaults.repoRoot, defaults.handlersDir) : {}),
            }).map(([name, path]) => [`--alias:${name}`, path]),
          ),
        },
        sourceMap: true,
        sourcesContent: false,
        // The AWS SDK v3 is bundled, not left to the runtime's copy: the version the tests ran is the version that runs,
        // and one minified file initialises in about half the time of the SDK's own package files (issue 19's measure).
        externalModules: [...(props.shippedPackages ?? [])],
        ...(props.shippedPackages?.length
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (_inputDir: string, outputDir: string) => copyPackagesCommands(defaults.repoRoot, outputDir, props.shippedPackages ?? []),
              },
            }
          : {}),
        // Some CommonJS dependencies call require() on Node built-ins; ESM has no require of its own.
        banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
    });
    // The policy must exist before the function is first invoked (e.g. by a deployment-time custom resource).
    this.function.node.addDependency(this.policy);

    acknowledge(this.function, {
      'HIPAA.Security-LambdaInsideVPC':
        'The function reaches only AWS APIs (DynamoDB, S3, KMS, API Gateway) over TLS with IAM auth; a VPC would add NAT cost and cold-start time without narrowing access.',
      'HIPAA.Security-LambdaDLQ':
        'Invoked synchronously by API Gateway, which returns errors to the caller; there are no asynchronous events to dead-letter.',
      'HIPAA.Security-LambdaConcurrency':
        'Load is bounded by the API Gateway stage throttles; reserving concurrency fails on new accounts (10 concurrent executions, none reservable).',
    });
  }
}
