import { BACKUP_RETENTION_DAYS } from '@chartside/shared';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionDefaults, statementsOf, stubSources, testStack } from '../testing';
import { Backups, NightlyBackup } from './backups';
import { Data } from './data';
import { Files } from './files';

const BUCKET = 'chartside-backups-123456789012-us-east-1';

describe('Backups and NightlyBackup', () => {
  let template: Template;
  beforeAll(() => {
    const stack = testStack();
    const data = new Data(stack, 'Data');
    const files = new Files(stack, 'Files', { bucketName: 'chartside-files-123456789012-us-east-1', key: data.key, webOrigins: ['https://app.example.org'] });
    const backups = new Backups(stack, 'Backups', { bucketName: BUCKET, key: data.key, accessLogs: files.accessLogs });
    new NightlyBackup(stack, 'Nightly', { defaults: functionDefaults(stubSources({ webDist: false }), data), data, files, backups });
    template = Template.fromStack(stack);
  });

  it('keeps backups in a retained, KMS-encrypted, versioned, private bucket that expires them after the retention', () => {
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: {
        BucketName: BUCKET,
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [
            { BucketKeyEnabled: true, ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DataKey'), 'Arn'] } } },
          ],
        },
        VersioningConfiguration: { Status: 'Enabled' },
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        LoggingConfiguration: { LogFilePrefix: 'backups/' },
        LifecycleConfiguration: {
          Rules: Match.arrayWith([
            Match.objectLike({ Id: 'expire-backups', Prefix: 'users/', ExpirationInDays: BACKUP_RETENTION_DAYS, NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' }),
          ]),
        },
      },
    });
  });

  it('runs the nightly function at 02:00 UTC from an EventBridge Scheduler schedule', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 2 * * ? *)',
      State: 'ENABLED',
      Target: { Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^NightlyHandlerFunction'), 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } },
    });
    template.hasResourceProperties('AWS::Lambda::Function', { Timeout: 900, MemorySize: 1024, Description: Match.stringLikeRegexp('nightly backup') });
  });

  it('lets the function scan the table, write backups only under users/, and list the files bucket only under userContent/', () => {
    const statements = statementsOf(template, 'NightlyHandlerPolicy');
    expect(statements).toContainEqual(expect.objectContaining({ Action: 'dynamodb:Scan' }));
    const text = (s: { Resource: unknown }) => JSON.stringify(s.Resource);
    expect(statements.filter((s) => s.Action === 's3:PutObject').map(text)).toEqual([expect.stringMatching(new RegExp(`${BUCKET}/users/\\*`))]);
    const listings = statements.filter((s) => s.Action === 's3:ListBucket');
    expect(listings.map((s) => [text(s).includes('chartside-files'), s.Condition])).toEqual(
      expect.arrayContaining([[true, { StringLike: { 's3:prefix': ['userContent/*'] } }], [false, { StringLike: { 's3:prefix': ['users/*'] } }]]),
    );
    expect(statements.flatMap((s) => [s.Action].flat())).not.toContain('s3:DeleteObject');
  });
});
