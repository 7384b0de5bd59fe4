import { tableDefinition } from '@chartside/lambdas/data/table';
import { ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { testStack } from '../testing';
import { Data } from './data';

describe('Data', () => {
  let template: Template;
  let data: Data;
  beforeAll(() => {
    const stack = testStack();
    data = new Data(stack, 'Data');
    const policy = new ManagedPolicy(stack, 'Consumer');
    data.grantReadWriteData(policy);
    template = Template.fromStack(stack);
  });

  it('has one customer-managed key with rotation, kept on delete', () => {
    template.resourceCountIs('AWS::KMS::Key', 1);
    template.hasResource('AWS::KMS::Key', {
      Properties: { EnableKeyRotation: true },
      DeletionPolicy: 'Retain',
    });
  });

  it('lets CloudWatch Logs use the key only for this account and region', () => {
    template.hasResourceProperties('AWS::KMS::Key', {
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'logs.us-east-1.amazonaws.com' },
            Condition: {
              ArnLike: { 'kms:EncryptionContext:aws:logs:arn': 'arn:aws:logs:us-east-1:123456789012:log-group:*' },
            },
          }),
        ]),
      },
    });
  });

  it('is one pay-per-request table with gsi1, TTL, stream, PITR and the key, kept on delete', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        DeletionProtectionEnabled: true,
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          Match.objectLike({
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          }),
        ],
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: {
          SSEEnabled: true,
          SSEType: 'KMS',
          KMSMasterKeyId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DataKey'), 'Arn'] },
        },
      },
    });
  });

  it('matches the table the lambdas and the local runtime use', () => {
    expect(tableDefinition).toMatchObject({
      partitionKey: 'pk',
      sortKey: 'sk',
      gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
      ttlAttribute: 'ttl',
    });
  });

  it('grants item access on the table and gsi1 (no Scan), and the key only through DynamoDB', () => {
    const tableArn = { 'Fn::GetAtt': [Match.stringLikeRegexp('^DataTable'), 'Arn'] };
    template.hasResourceProperties('AWS::IAM::ManagedPolicy', {
      PolicyDocument: {
        Statement: [
          {
            Effect: 'Allow',
            Action: Match.arrayWith(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']),
            Resource: [tableArn, { 'Fn::Join': ['', [tableArn, '/index/gsi1']] }],
          },
          {
            Effect: 'Allow',
            Action: ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey'],
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DataKey'), 'Arn'] },
            Condition: { StringEquals: { 'kms:ViaService': 'dynamodb.us-east-1.amazonaws.com' } },
          },
        ],
      },
    });
    const [policy] = Object.values(template.findResources('AWS::IAM::ManagedPolicy'));
    expect(JSON.stringify(policy)).not.toContain('dynamodb:Scan');
  });
});
