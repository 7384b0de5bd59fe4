import { TEMP_FILE_DAYS, TEMP_FILE_TAG } from '@chartside/shared';
import { Key } from 'aws-cdk-lib/aws-kms';
import { ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, it } from 'vitest';
import { testStack } from '../testing';
import { Files } from './files';

const BUCKET = 'chartside-files-123456789012-us-east-1';

describe('Files', () => {
  let template: Template;
  beforeAll(() => {
    const stack = testStack();
    const key = new Key(stack, 'Key');
    const files = new Files(stack, 'Files', { bucketName: BUCKET, key, webOrigins: ['https://app.example.org'] });
    files.grantReadWrite(new ManagedPolicy(stack, 'Consumer'));
    template = Template.fromStack(stack);
  });

  it('encrypts with the data key, versions, blocks public access and logs access', () => {
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: {
        BucketName: BUCKET,
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [
            {
              BucketKeyEnabled: true,
              ServerSideEncryptionByDefault: {
                SSEAlgorithm: 'aws:kms',
                KMSMasterKeyID: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Key'), 'Arn'] },
              },
            },
          ],
        },
        VersioningConfiguration: { Status: 'Enabled' },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        LoggingConfiguration: {
          DestinationBucketName: { Ref: Match.stringLikeRegexp('^FilesAccessLogs') },
          LogFilePrefix: 'files/',
        },
      },
    });
  });

  it('allows presigned PUT and GET from the web origin only', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: BUCKET,
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({ AllowedMethods: ['GET', 'PUT', 'HEAD'], AllowedOrigins: ['https://app.example.org'] }),
        ],
      },
    });
  });

  it("expires temporary uploads (tagged by their presigned PUT, inside each user's folder) after a day", () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: BUCKET,
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Id: 'expire-temp-uploads',
            Prefix: 'userContent/',
            TagFilters: [{ Key: TEMP_FILE_TAG.key, Value: TEMP_FILE_TAG.value }],
            ExpirationInDays: TEMP_FILE_DAYS,
            Status: 'Enabled',
          }),
        ]),
      },
    });
  });

  it('denies requests without TLS', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: Match.stringLikeRegexp('^FilesBucket') },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Principal: { AWS: '*' },
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('keeps its access logs in an SSE-S3 bucket (the only kind log delivery supports)', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      VersioningConfiguration: { Status: 'Enabled' },
    });
  });

  it('grants object read/write (and the temp tag) on user content only, and the key only through S3', () => {
    template.hasResourceProperties('AWS::IAM::ManagedPolicy', {
      PolicyDocument: {
        Statement: [
          {
            Effect: 'Allow',
            Action: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject', 's3:PutObjectTagging'],
            Resource: `arn:aws:s3:::${BUCKET}/userContent/*`,
          },
          {
            Effect: 'Allow',
            Action: ['kms:Decrypt', 'kms:GenerateDataKey'],
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Key'), 'Arn'] },
            Condition: { StringEquals: { 'kms:ViaService': 's3.us-east-1.amazonaws.com' } },
          },
        ],
      },
    });
  });
});
