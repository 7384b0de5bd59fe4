// The single DynamoDB table and the customer-managed key that encrypts it (and the files bucket and the log groups).
import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { type ManagedPolicy, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { tableDefinition } from '@chartside/lambdas/data/table';
import { acknowledge } from '../nag';

// The table's keys are defined once, beside the data layer that uses them.
const { partitionKey, sortKey, gsi1, ttlAttribute } = tableDefinition;

/** What a function needs to read and write its user's items; no Scan: every access goes through a key. */
const TABLE_ACTIONS = [
  'dynamodb:BatchGetItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DeleteItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:Query',
  'dynamodb:UpdateItem',
];

export class Data extends Construct {
  readonly key: Key;
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);

    this.key = new Key(this, 'Key', {
      description: 'Chartside data: table, files and log groups',
      enableKeyRotation: true,
      pendingWindow: Duration.days(30),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CloudWatch Logs encrypts this account's log groups in this region with the key; nothing else outside IAM.
    this.key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal(`logs.${stack.region}.amazonaws.com`)],
        actions: ['kms:Encrypt', 'kms:Decrypt', 'kms:ReEncryptFrom', 'kms:ReEncryptTo', 'kms:GenerateDataKey', 'kms:DescribeKey'],
        resources: ['*'],
        conditions: {
          ArnLike: {
            'kms:EncryptionContext:aws:logs:arn': stack.formatArn({
              service: 'logs',
              resource: 'log-group',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );

    this.table = new Table(this, 'Table', {
      partitionKey: { name: partitionKey, type: AttributeType.STRING },
      sortKey: { name: sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: this.key,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: ttlAttribute,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: gsi1.name,
      partitionKey: { name: gsi1.partitionKey, type: AttributeType.STRING },
      sortKey: { name: gsi1.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });

    acknowledge(this.table, {
      'HIPAA.Security-DynamoDBInBackupPlan':
        'Point-in-time recovery keeps 35 days of continuous backups and the table is retained and deletion-protected; an AWS Backup plan is an organisation-level choice made outside this app.',
    });
  }

  /** Read every item of the table, a page at a time (the file cleaner looks for the files records refer to). */
  grantScan(policy: ManagedPolicy): void {
    policy.addStatements(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [this.table.tableArn] }));
  }

  /** Read and write items (table and gsi1), and use the key only through DynamoDB. */
  grantReadWriteData(policy: ManagedPolicy): void {
    this.grantItemActions(policy, TABLE_ACTIONS);
  }

  /** Only these item actions (table and gsi1), and the key only through DynamoDB: for a job that needs fewer. */
  grantItemActions(policy: ManagedPolicy, actions: readonly string[]): void {
    const { region } = Stack.of(this);
    policy.addStatements(
      new PolicyStatement({
        actions: [...actions],
        resources: [this.table.tableArn, `${this.table.tableArn}/index/${gsi1.name}`],
      }),
      new PolicyStatement({
        actions: ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey'],
        resources: [this.key.keyArn],
        conditions: { StringEquals: { 'kms:ViaService': `dynamodb.${region}.amazonaws.com` } },
      }),
    );
  }
}
