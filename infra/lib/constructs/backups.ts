// Nightly backups (issue 15): the KMS-encrypted bucket they are kept in for BACKUP_RETENTION_DAYS (data stack, retained),
// and the function an EventBridge Scheduler schedule runs every night (app stack). DynamoDB point-in-time recovery
// (data.ts) stays beside them: it restores the whole table to a moment, these restore one user's records.
//
// Key layout: users/{userId}/{YYYY-MM-DD}/items.ndjson.gz, files.ndjson.gz, summary.json
import { BACKUP_RETENTION_DAYS } from '@chartside/shared';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { type ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { type Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { acknowledge, wildcardResourceFinding } from '../nag';
import { AppFunction, type FunctionDefaults } from './app-function';
import type { Data } from './data';
import { scheduleFunction } from './function-schedule';
import { type Files, USER_CONTENT_PREFIX } from './files';

/** Every backup object lives under this prefix. */
const BACKUPS_PREFIX = 'users/';

export interface BackupsProps {
  /** Globally unique and fixed, like the files bucket's: see `backupsBucketName` in config.ts. */
  readonly bucketName: string;
  readonly key: IKey;
  /** The access-logs bucket the files bucket logs to. */
  readonly accessLogs: IBucket;
  readonly retentionDays?: number;
}

export class Backups extends Construct {
  readonly bucket: Bucket;
  readonly bucketName: string;
  private readonly key: IKey;

  constructor(scope: Construct, id: string, props: BackupsProps) {
    super(scope, id);
    this.key = props.key;
    this.bucketName = props.bucketName;
    const retention = Duration.days(props.retentionDays ?? BACKUP_RETENTION_DAYS);
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: props.bucketName,
      encryption: BucketEncryption.KMS,
      encryptionKey: props.key,
      bucketKeyEnabled: true,
      enforceSSL: true,
      // Versioned, so a backup overwritten the same day (or deleted by mistake) stays recoverable until it expires too.
      versioned: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'backups/',
      lifecycleRules: [
        { id: 'expire-backups', prefix: BACKUPS_PREFIX, expiration: retention, noncurrentVersionExpiration: Duration.days(1) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.bucket, {
      'HIPAA.Security-S3BucketReplicationEnabled':
        'Backups are versioned and kept in one region beside the table’s point-in-time recovery; cross-region replication is an organisation-level DR choice.',
    });
  }

  /** The nightly function: write backup objects. */
  grantWrite(policy: ManagedPolicy): void {
    this.grant(policy, ['s3:PutObject'], ['kms:GenerateDataKey', 'kms:Encrypt', 'kms:Decrypt']);
  }

  /** The HTTP API: list a user's backup dates and read their objects (preview, restore). */
  grantRead(policy: ManagedPolicy): void {
    this.grant(policy, ['s3:GetObject'], ['kms:Decrypt']);
  }

  private grant(policy: ManagedPolicy, objectActions: string[], keyActions: string[]): void {
    const stack = Stack.of(this);
    const objects = stack.formatArn({ service: 's3', region: '', account: '', resource: this.bucketName, resourceName: `${BACKUPS_PREFIX}*` });
    policy.addStatements(
      new PolicyStatement({ actions: objectActions, resources: [objects] }),
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [stack.formatArn({ service: 's3', region: '', account: '', resource: this.bucketName })],
        conditions: { StringLike: { 's3:prefix': [`${BACKUPS_PREFIX}*`] } },
      }),
      new PolicyStatement({
        actions: keyActions,
        resources: [this.key.keyArn],
        conditions: { StringEquals: { 'kms:ViaService': `s3.${stack.region}.amazonaws.com` } },
      }),
    );
    acknowledge(policy, {
      [wildcardResourceFinding(policy, objects)]: 'Backup keys are users/{userId}/{date}/...: one function serves every user, so IAM cannot narrow the user id.',
    });
  }
}

export interface NightlyBackupProps {
  readonly defaults: FunctionDefaults;
  readonly data: Data;
  readonly files: Files;
  readonly backups: Backups;
  /** When it runs, in UTC: 02:00 by default. */
  readonly hourUtc?: number;
}

export class NightlyBackup extends Construct {
  readonly handler: AppFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: NightlyBackupProps) {
    super(scope, id);
    this.handler = new AppFunction(this, 'Handler', {
      defaults: props.defaults,
      handler: 'nightly-backup',
      description: 'Chartside nightly backup of every user (EventBridge Scheduler)',
      memorySize: 1024,
      timeout: Duration.minutes(15),
    });
    const { policy } = this.handler;
    props.data.grantReadWriteData(policy);
    // Finding every user with a user document is the one Scan in the app: the table's other readers go by key.
    policy.addStatements(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [props.data.table.tableArn] }));
    props.backups.grantWrite(policy);
    // The file manifest lists the files bucket under userContent/ (sizes and ETags only, never the bytes).
    const stack = Stack.of(this);
    policy.addStatements(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [stack.formatArn({ service: 's3', region: '', account: '', resource: props.files.bucketName })],
        conditions: { StringLike: { 's3:prefix': [`${USER_CONTENT_PREFIX}*`] } },
      }),
    );

    this.schedule = scheduleFunction(this, {
      target: this.handler,
      description: 'Chartside nightly backup',
      schedule: ScheduleExpression.cron({ minute: '0', hour: String(props.hourUtc ?? 2) }),
      // A failed night is retried twice; the next night backs up everyone again anyway.
      retryAttempts: 2,
      maxEventAge: Duration.hours(2),
    });
  }
}
