// Search in the cloud: the OpenSearch domain (data stack, retained), and in the app stack the indexer that follows the
// table's stream and the deploy-time setup that creates the index with its mapping.
import { createHash } from 'node:crypto';
import { CustomResource, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { AccountRootPrincipal, ManagedPolicy, PolicyDocument, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { CfnResourcePolicy, LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnDomain, EngineVersion, TLSSecurityPolicy } from 'aws-cdk-lib/aws-opensearchservice';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SEARCH_INDEX_NAME, searchIndexDefinition } from '@chartside/lambdas/adapters/aws/opensearch-index-definition';
import { keys } from '@chartside/lambdas/data/table';
import { acknowledge, wildcardResourceFinding } from '../nag';
import { AppFunction, type FunctionDefaults } from './app-function';
import type { Data } from './data';
import { setupProvider } from './setup-provider';

/** The engine the domain runs: the newest OpenSearch this aws-cdk-lib knows. */
export const SEARCH_ENGINE = EngineVersion.OPENSEARCH_3_7;

export interface SearchDomainProps {
  /** Fixed, so the app stack's policies name the domain literally rather than through a cross-stack reference. */
  readonly domainName: string;
  readonly key: IKey;
  readonly instanceType: string;
  readonly instanceCount: number;
  readonly volumeGiB: number;
  readonly logRetention: RetentionDays;
}

/** The HTTP calls each function makes on the index, as IAM resource paths under the domain. */
const indexPaths = {
  search: { actions: ['es:ESHttpPost'], paths: [`${SEARCH_INDEX_NAME}/_search`] },
  index: {
    actions: ['es:ESHttpPut', 'es:ESHttpPost', 'es:ESHttpDelete'],
    paths: [`${SEARCH_INDEX_NAME}/_doc/*`, `${SEARCH_INDEX_NAME}/_delete_by_query`],
  },
  setup: {
    actions: ['es:ESHttpHead', 'es:ESHttpPut', 'es:ESHttpPost'],
    paths: [SEARCH_INDEX_NAME, `${SEARCH_INDEX_NAME}/_mapping`],
  },
} as const;
export type SearchAccess = keyof typeof indexPaths;

export class SearchDomain extends Construct {
  readonly domain: CfnDomain;
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: SearchDomainProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.domainName = props.domainName;

    // The domain publishes its slow and application logs here; CloudWatch Logs encrypts them with the data key.
    const logs = {
      SEARCH_SLOW_LOGS: new LogGroup(this, 'SearchSlowLogs', { encryptionKey: props.key, retention: props.logRetention }),
      INDEX_SLOW_LOGS: new LogGroup(this, 'IndexSlowLogs', { encryptionKey: props.key, retention: props.logRetention }),
      ES_APPLICATION_LOGS: new LogGroup(this, 'ApplicationLogs', { encryptionKey: props.key, retention: props.logRetention }),
    };
    const logPolicy = new CfnResourcePolicy(this, 'LogsPolicy', {
      policyName: `${stack.stackName}-search-logs`,
      policyDocument: stack.toJsonString(
        new PolicyDocument({
          statements: [
            new PolicyStatement({
              principals: [new ServicePrincipal('es.amazonaws.com')],
              actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
              resources: Object.values(logs).map((group) => group.logGroupArn),
              conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
            }),
          ],
        }).toJSON(),
      ),
    });

    const zones = props.instanceCount > 1 ? 2 : 1;
    this.domain = new CfnDomain(this, 'Domain', {
      domainName: props.domainName,
      engineVersion: SEARCH_ENGINE.version,
      clusterConfig: {
        instanceType: props.instanceType,
        instanceCount: props.instanceCount,
        zoneAwarenessEnabled: zones > 1,
        ...(zones > 1 ? { zoneAwarenessConfig: { availabilityZoneCount: zones } } : {}),
        dedicatedMasterEnabled: false,
      },
      ebsOptions: { ebsEnabled: true, volumeType: 'gp3', volumeSize: props.volumeGiB },
      encryptionAtRestOptions: { enabled: true, kmsKeyId: props.key.keyId },
      nodeToNodeEncryptionOptions: { enabled: true },
      domainEndpointOptions: { enforceHttps: true, tlsSecurityPolicy: TLSSecurityPolicy.TLS_1_2_PFS },
      // Requests must be SigV4-signed by a principal of this account; which roles may call which paths is decided by
      // their own IAM policies (the app stack's functions, granted below), since those roles live in a later stack.
      accessPolicies: new PolicyDocument({
        statements: [
          new PolicyStatement({
            principals: [new AccountRootPrincipal()],
            actions: ['es:ESHttp*'],
            resources: [this.arnOf(this, '*')],
          }),
        ],
      }).toJSON(),
      logPublishingOptions: Object.fromEntries(
        Object.entries(logs).map(([kind, group]) => [kind, { enabled: true, cloudWatchLogsLogGroupArn: group.logGroupArn }]),
      ),
    });
    this.domain.addDependency(logPolicy);
    this.domain.applyRemovalPolicy(RemovalPolicy.RETAIN);

    acknowledge(this.domain, {
      'AwsSolutions-OS1':
        'The domain is reached only by this app’s Lambda functions, which run outside a VPC (see HIPAA.Security-LambdaInsideVPC); every request is SigV4-signed over TLS 1.2 and the access policy admits only IAM principals of this account.',
      'HIPAA.Security-OpenSearchInVPCOnly':
        'Outside a VPC so the functions need no NAT; access is IAM-only (signed requests from this account’s roles, each allowed only its own index paths), HTTPS-only with TLS 1.2, encrypted at rest with the data key and node to node.',
      'AwsSolutions-OS3':
        'Access is granted to IAM principals, not IP ranges: the callers are Lambda functions with no fixed addresses, and every request must be signed.',
      'AwsSolutions-OS4':
        'One small domain holding only a search index that the indexer rebuilds from the table (the source of truth); dedicated master nodes would triple the cost for no data-safety gain. Raise searchInstanceCount for resilience.',
      ...(zones > 1
        ? {}
        : {
            'AwsSolutions-OS7':
              'A single data node by default (context searchInstanceCount); the index is rebuilt from the table after a loss. Set searchInstanceCount=2 or more to spread nodes over two availability zones.',
          }),
    });
  }

  get endpoint(): string {
    return this.domain.attrDomainEndpoint;
  }

  /** The ARN of a path under the domain, built in the caller's stack from the fixed name. */
  private arnOf(scope: Construct, path: string): string {
    return Stack.of(scope).formatArn({ service: 'es', resource: 'domain', resourceName: `${this.domainName}/${path}` });
  }

  /** Allow one function exactly the index calls its job needs: `search` (HTTP API), `index` (indexer), `setup`. */
  grant(policy: ManagedPolicy, access: SearchAccess): void {
    const { actions, paths } = indexPaths[access];
    const resources = paths.map((path) => this.arnOf(policy, path));
    policy.addStatements(new PolicyStatement({ actions: [...actions], resources }));
    for (const resource of resources.filter((r) => r.includes('*'))) {
      acknowledge(policy, {
        [wildcardResourceFinding(policy, resource)]:
          'Document ids ({userId}#{resourceId}) are created at runtime; the ARN is fixed to this domain and the one search index.',
      });
    }
  }
}

export interface SearchIndexingProps {
  readonly defaults: FunctionDefaults;
  readonly data: Data;
  readonly search: SearchDomain;
  readonly logKey: IKey;
}

/** A fingerprint of the index settings and mapping: a change re-runs the setup on the next deploy. */
export const searchIndexFingerprint = createHash('sha256').update(JSON.stringify(searchIndexDefinition)).digest('hex').slice(0, 16);

export class SearchIndexing extends Construct {
  readonly indexer: AppFunction;
  readonly setup: AppFunction;
  readonly failures: Queue;

  constructor(scope: Construct, id: string, props: SearchIndexingProps) {
    super(scope, id);
    const { defaults, data, search } = props;

    const { region } = Stack.of(this);
    this.indexer = new AppFunction(this, 'Indexer', {
      defaults,
      handler: 'search-indexer',
      description: 'Chartside search indexer: the table stream (resources) into OpenSearch; {"reindexUserId"} rebuilds one user',
      memorySize: 512,
      // A reindex reads and indexes a whole library in one invocation.
      timeout: Duration.minutes(5),
    });
    // Granted here, in the function's managed policy, rather than by an event source helper (which adds inline policies).
    this.indexer.policy.addStatements(
      // Reads resources (item and body chunks) only: the indexer never writes the table.
      new PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:Query'], resources: [data.table.tableArn] }),
      new PolicyStatement({
        actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
        resources: [data.table.tableStreamArn ?? data.table.tableArn],
      }),
      new PolicyStatement({ actions: ['dynamodb:ListStreams'], resources: ['*'] }),
      new PolicyStatement({
        actions: ['kms:Decrypt', 'kms:DescribeKey'],
        resources: [data.key.keyArn],
        conditions: { StringEquals: { 'kms:ViaService': `dynamodb.${region}.amazonaws.com` } },
      }),
    );
    search.grant(this.indexer.policy, 'index');

    // Records that still fail after the retries land here (their stream positions, not the data) for a reindex.
    this.failures = new Queue(this, 'Failures', {
      encryption: QueueEncryption.KMS,
      encryptionMasterKey: data.key,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.failures, {
      'AwsSolutions-SQS3':
        'This queue is itself the dead-letter destination of the indexer’s stream; it holds failed batch positions for an operator to reindex from.',
    });

    this.indexer.policy.addStatements(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.failures.queueArn] }),
      new PolicyStatement({
        actions: ['kms:Decrypt', 'kms:GenerateDataKey'],
        resources: [data.key.keyArn],
        conditions: { StringEquals: { 'kms:ViaService': `sqs.${region}.amazonaws.com` } },
      }),
    );
    acknowledge(this.indexer.policy, {
      'AwsSolutions-IAM5[Resource::*]':
        'dynamodb:ListStreams has no resource-level permissions; Lambda needs it to read the table stream. Stream reads themselves are limited to this table’s stream.',
    });

    this.indexer.function.addEventSourceMapping('TableStream', {
      eventSourceArn: data.table.tableStreamArn,
      startingPosition: StartingPosition.LATEST,
      batchSize: 100,
      maxBatchingWindow: Duration.seconds(1),
      bisectBatchOnError: true,
      retryAttempts: 5,
      maxRecordAge: Duration.days(1),
      reportBatchItemFailures: true,
      onFailure: { bind: () => ({ destination: this.failures.queueArn }) },
      // Only resource items wake the indexer (users, sessions and connections change far more often).
      filters: [FilterCriteria.filter({ dynamodb: { Keys: { sk: { S: FilterRule.beginsWith(keys.resource('')) } } } })],
    });
    // The event source mapping is created only once the role may read the stream.
    this.indexer.function.node.addDependency(this.indexer.policy);
    acknowledge(this.indexer.function, {
      'HIPAA.Security-LambdaDLQ':
        'Invoked by the table stream’s event source mapping, whose on-failure destination is the encrypted Failures queue; direct reindex invocations are synchronous.',
    });

    this.setup = new AppFunction(this, 'Setup', {
      defaults,
      handler: 'search-index-setup',
      description: 'Chartside search index setup (deploy time): creates the index and its mapping',
      memorySize: 256,
      timeout: Duration.minutes(2),
    });
    search.grant(this.setup.policy, 'setup');

    const provider = setupProvider(this, { setupFunction: this.setup.function, logKey: props.logKey, logRetention: defaults.logRetention, purpose: 'the search index setup' });
    new CustomResource(this, 'Index', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::SearchIndex',
      properties: { index: SEARCH_INDEX_NAME, definition: searchIndexFingerprint, endpoint: search.endpoint },
    });
  }
}
