// The files bucket: user uploads and attachments, KMS-encrypted with the data key, reached by presigned URLs.
//
// Key layout (shared `filePathFor`; the lambdas build every key from the verified user id, never from the request):
//   userContent/{userId}/{fileId}        a user's files; kept, versioned (old versions expire after 30 days)
//   userContent/{userId}/temp/{fileId}   temporary uploads; expire after TEMP_FILE_DAYS
// A lifecycle prefix cannot wildcard the user id, so temporary uploads also carry an object tag (TEMP_FILE_TAG, signed
// into their presigned PUT) and the expiry rule matches the tag under userContent/.
import { TEMP_FILE_DAYS, TEMP_FILE_TAG, userContentPrefix } from '@chartside/shared';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { type ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge, wildcardResourceFinding } from '../nag';

/** 'userContent/': every user's objects, and nothing else the app writes. */
export const USER_CONTENT_PREFIX = userContentPrefix('').slice(0, -1);

export interface FilesProps {
  /** Globally unique; see `filesBucketName` in config.ts. */
  readonly bucketName: string;
  readonly key: IKey;
  /** Browser origins allowed to PUT and GET with presigned URLs. */
  readonly webOrigins: string[];
}

export class Files extends Construct {
  readonly bucket: Bucket;
  readonly accessLogs: Bucket;
  /** A plain string, usable from other stacks without a cross-stack reference. */
  readonly bucketName: string;
  private readonly key: IKey;

  constructor(scope: Construct, id: string, props: FilesProps) {
    super(scope, id);
    this.key = props.key;
    this.bucketName = props.bucketName;

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      // S3 server access logs can only be delivered to an SSE-S3 bucket.
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.accessLogs, {
      'AwsSolutions-S1': 'This bucket receives the access logs; logging it into itself would loop.',
      'HIPAA.Security-S3BucketLoggingEnabled': 'This bucket receives the access logs; logging it into itself would loop.',
      'HIPAA.Security-S3DefaultEncryptionKMS':
        'S3 server access logs can only be delivered to an SSE-S3 bucket; it is private, TLS-only and versioned, and object keys carry opaque ids only.',
      'HIPAA.Security-S3BucketReplicationEnabled': 'Access logs are kept versioned in one region; cross-region replication is an organisation-level DR choice.',
    });

    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: props.bucketName,
      encryption: BucketEncryption.KMS,
      encryptionKey: props.key,
      bucketKeyEnabled: true,
      enforceSSL: true,
      versioned: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'files/',
      cors: [
        {
          allowedMethods: [HttpMethods.GET, HttpMethods.PUT, HttpMethods.HEAD],
          allowedOrigins: props.webOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        {
          id: 'expire-temp-uploads',
          prefix: USER_CONTENT_PREFIX,
          tagFilters: { [TEMP_FILE_TAG.key]: TEMP_FILE_TAG.value },
          expiration: Duration.days(TEMP_FILE_DAYS),
          noncurrentVersionExpiration: Duration.days(TEMP_FILE_DAYS),
        },
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(30) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.bucket, {
      'HIPAA.Security-S3BucketReplicationEnabled':
        'Objects are versioned and retained in one region; cross-region replication is an organisation-level DR choice made outside this app.',
    });
  }

  /** Host name the browser talks to with presigned URLs (virtual-hosted style, regional). */
  get regionalDomainName(): string {
    return `${this.bucketName}.s3.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }

  /**
   * Presign and serve PUT/GET/DELETE on user content only (PutObjectTagging for the temp tag a presigned PUT carries);
   * the per-user prefix within it is enforced by the lambdas.
   */
  grantReadWrite(policy: ManagedPolicy): void {
    this.grantObjects(policy, ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject'], ['kms:Decrypt', 'kms:GenerateDataKey']);
  }

  /**
   * List objects under user content (the Documents page lists a user's folder; the file cleaner all of userContent/).
   * ListBucket is granted on the bucket with the prefix as a condition.
   */
  grantListUserContent(policy: ManagedPolicy): void {
    const bucket = Stack.of(this).formatArn({ service: 's3', region: '', account: '', resource: this.bucketName });
    policy.addStatements(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket], conditions: { StringLike: { 's3:prefix': [`${USER_CONTENT_PREFIX}*`] } } }),
    );
  }

  /** Read user content only (a chat attachment the model is given). */
  grantRead(policy: ManagedPolicy): void {
    this.grantObjects(policy, ['s3:GetObject'], ['kms:Decrypt']);
  }

  private grantObjects(policy: ManagedPolicy, objectActions: string[], keyActions: string[]): void {
    const stack = Stack.of(this);
    const objects = stack.formatArn({ service: 's3', region: '', account: '', resource: this.bucketName, resourceName: `${USER_CONTENT_PREFIX}*` });
    policy.addStatements(
      new PolicyStatement({ actions: objectActions, resources: [objects] }),
      new PolicyStatement({
        actions: keyActions,
        resources: [this.key.keyArn],
        conditions: { StringEquals: { 'kms:ViaService': `s3.${stack.region}.amazonaws.com` } },
      }),
    );
    acknowledge(policy, {
      [wildcardResourceFinding(policy, objects)]:
        'Object keys are userContent/{userId}/...; the user id comes from the verified token at request time, so IAM cannot narrow it further.',
    });
  }
}
