import { ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionDefaults, stubSources, testStack } from '../testing';
import { Data } from './data';
import { SearchDomain, SearchIndexing, searchIndexFingerprint } from './search';

const synth = (instanceCount = 1) => {
  const stack = testStack();
  const data = new Data(stack, 'Data');
  const search = new SearchDomain(stack, 'Search', {
    domainName: 'chartside-search',
    key: data.key,
    instanceType: 't3.small.search',
    instanceCount,
    volumeGiB: 10,
    logRetention: RetentionDays.ONE_YEAR,
  });
  const defaults = functionDefaults(stubSources({ webDist: false }), data);
  new SearchIndexing(stack, 'Indexing', { defaults, data, search, logKey: data.key });
  const http = new ManagedPolicy(stack, 'HttpPolicy', { statements: [] });
  search.grant(http, 'search');
  return Template.fromStack(stack);
};

const domainArn = (path: string) => `arn:aws:es:us-east-1:123456789012:domain/chartside-search/${path}`;

/** The statements of the managed policy whose logical id starts with the prefix. */
const statementsOf = (template: Template, prefix: string) => {
  const [, policy] = Object.entries(template.findResources('AWS::IAM::ManagedPolicy')).find(([id]) => id.startsWith(prefix)) ?? [];
  return (policy?.Properties.PolicyDocument.Statement ?? []) as { Action: string | string[]; Resource: unknown }[];
};

describe('SearchDomain', () => {
  let template: Template;
  beforeAll(() => {
    template = synth();
  });

  it('runs the newest OpenSearch on a small encrypted, HTTPS-only domain that is retained', () => {
    template.hasResource('AWS::OpenSearchService::Domain', {
      DeletionPolicy: 'Retain',
      Properties: {
        DomainName: 'chartside-search',
        EngineVersion: 'OpenSearch_3.7',
        ClusterConfig: { InstanceType: 't3.small.search', InstanceCount: 1, ZoneAwarenessEnabled: false, DedicatedMasterEnabled: false },
        EBSOptions: { EBSEnabled: true, VolumeType: 'gp3', VolumeSize: 10 },
        EncryptionAtRestOptions: { Enabled: true, KmsKeyId: { Ref: Match.stringLikeRegexp('^DataKey') } },
        NodeToNodeEncryptionOptions: { Enabled: true },
        DomainEndpointOptions: { EnforceHTTPS: true, TLSSecurityPolicy: 'Policy-Min-TLS-1-2-PFS-2023-10' },
      },
    });
  });

  it('admits only signed requests from IAM principals of this account', () => {
    template.hasResourceProperties('AWS::OpenSearchService::Domain', {
      AccessPolicies: {
        Statement: [
          {
            Effect: 'Allow',
            Principal: { AWS: 'arn:aws:iam::123456789012:root' },
            Action: 'es:ESHttp*',
            Resource: domainArn('*'),
          },
        ],
      },
    });
  });

  it('publishes slow and application logs to encrypted log groups it may write to', () => {
    const { Properties } = Object.values(template.findResources('AWS::OpenSearchService::Domain'))[0]!;
    expect(Object.keys(Properties.LogPublishingOptions).sort()).toEqual(['ES_APPLICATION_LOGS', 'INDEX_SLOW_LOGS', 'SEARCH_SLOW_LOGS']);
    for (const option of Object.values(Properties.LogPublishingOptions) as { Enabled: boolean }[]) expect(option.Enabled).toBe(true);
    for (const kind of Object.keys(Properties.LogPublishingOptions)) {
      const groupId = Properties.LogPublishingOptions[kind].CloudWatchLogsLogGroupArn['Fn::GetAtt'][0];
      expect(template.toJSON().Resources[groupId].Properties.KmsKeyId).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^DataKey/), 'Arn'] });
    }
    const [logPolicy] = Object.values(template.findResources('AWS::Logs::ResourcePolicy'));
    expect(JSON.stringify(logPolicy)).toContain('es.amazonaws.com');
  });

  it('spreads two or more nodes over two availability zones', () => {
    synth(2).hasResourceProperties('AWS::OpenSearchService::Domain', {
      ClusterConfig: { InstanceCount: 2, ZoneAwarenessEnabled: true, ZoneAwarenessConfig: { AvailabilityZoneCount: 2 } },
    });
  });
});

describe('SearchIndexing', () => {
  let template: Template;
  beforeAll(() => {
    template = synth();
  });

  it('follows the table stream for resource items only, retrying failed records and parking the rest in a queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DataTable'), 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: 100,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^IndexingFailures'), 'Arn'] } } },
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ dynamodb: { Keys: { sk: { S: [{ prefix: 'RESOURCE#' }] } } } }) }] },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { KmsMasterKeyId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DataKey'), 'Arn'] } });
  });

  it('creates the index on deploy through a provider, and again when the mapping changes', () => {
    template.hasResourceProperties('Custom::SearchIndex', {
      ServiceToken: { 'Fn::GetAtt': [Match.stringLikeRegexp('^IndexingProviderframeworkonEvent'), 'Arn'] },
      index: 'resources',
      definition: searchIndexFingerprint,
    });
    expect(searchIndexFingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives each function only the index calls its job needs', () => {
    const search = (prefix: string) =>
      statementsOf(template, prefix)
        .filter((s) => JSON.stringify(s.Action).includes('es:'))
        .map((s) => ({ ...s, Action: [s.Action].flat().sort() }));
    expect(search('HttpPolicy')).toEqual([
      { Effect: 'Allow', Action: ['es:ESHttpPost'], Resource: domainArn('resources/_search') },
    ]);
    expect(search('IndexingIndexerPolicy')).toEqual([
      {
        Effect: 'Allow',
        Action: ['es:ESHttpDelete', 'es:ESHttpPost', 'es:ESHttpPut'],
        Resource: [domainArn('resources/_delete_by_query'), domainArn('resources/_doc/*')],
      },
    ]);
    expect(search('IndexingSetupPolicy')).toEqual([
      { Effect: 'Allow', Action: ['es:ESHttpHead', 'es:ESHttpPost', 'es:ESHttpPut'], Resource: [domainArn('resources'), domainArn('resources/_mapping')] },
    ]);
  });

  it('lets the indexer read the table and its stream, never write it', () => {
    const actions = statementsOf(template, 'IndexingIndexerPolicy').flatMap((s) => [s.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:GetRecords', 'sqs:SendMessage']));
    expect(actions.filter((a) => /dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toEqual([]);
  });

});
