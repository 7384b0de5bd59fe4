// The audit trail of patient data (HIPAA §164.312(b)) in the cloud: its own DynamoDB table in the data stack, and the
// audit writer function in the app stack.
//
// Why this holds: the table's only writer is the writer function, whose role may PutItem and nothing else, and the
// writer puts with attribute_not_exists, stamping each entry's id and time itself. The HTTP API may only invoke the
// writer (synchronously, so a request is answered after its entries exist) and Query the table. No role of the app has
// UpdateItem, DeleteItem or BatchWriteItem on it, and the table's own resource policy denies those to every principal,
// so an entry, once written, stays until the retention's TTL removes it. (S3 Object Lock would also bind the account's
// administrators; this design binds every role of the app and needs no second store for the Activity page's queries.)
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { AnyPrincipal, Effect, type ManagedPolicy, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { auditTableDefinition } from '@chartside/lambdas/data/audit-trail';
import { acknowledge } from '../nag';
import { AppFunction, type FunctionDefaults } from './app-function';

/** Item actions that would change or remove an entry: denied to everyone by the table's resource policy. */
export const AUDIT_DENIED_ACTIONS = ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:PartiQLUpdate', 'dynamodb:PartiQLDelete'];

export interface AuditTableProps {
  /** The data key (customer-managed) that also encrypts the data table. */
  readonly key: IKey;
}

export class AuditTable extends Construct {
  readonly table: Table;
  private readonly key: IKey;

  constructor(scope: Construct, id: string, props: AuditTableProps) {
    super(scope, id);
    this.key = props.key;
    const { partitionKey, sortKey, ttlAttribute } = auditTableDefinition;
    this.table = new Table(this, 'Table', {
      partitionKey: { name: partitionKey, type: AttributeType.STRING },
      sortKey: { name: sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: props.key,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Entries expire by TTL once the retention has passed (the writer sets it from auditRetentionYears).
      timeToLiveAttribute: ttlAttribute,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      resourcePolicy: new PolicyDocument({
        statements: [new PolicyStatement({ effect: Effect.DENY, principals: [new AnyPrincipal()], actions: AUDIT_DENIED_ACTIONS, resources: ['*'] })],
      }),
    });
    acknowledge(this.table, {
      'HIPAA.Security-DynamoDBInBackupPlan':
        'Point-in-time recovery keeps 35 days of continuous backups and the table is retained and deletion-protected; an AWS Backup plan is an organisation-level choice made outside this app.',
    });
  }

  /** PutItem only (the writer), and the key only through DynamoDB. */
  grantAppend(policy: ManagedPolicy): void {
    this.grantItemActions(policy, ['dynamodb:PutItem']);
  }

  /** Query only (the HTTP API reads the caller's own partition), and the key only through DynamoDB. */
  grantReadTrail(policy: ManagedPolicy): void {
    this.grantItemActions(policy, ['dynamodb:Query']);
  }

  private grantItemActions(policy: ManagedPolicy, actions: string[]): void {
    policy.addStatements(
      new PolicyStatement({ actions, resources: [this.table.tableArn] }),
      new PolicyStatement({
        actions: ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey'],
        resources: [this.key.keyArn],
        conditions: { StringEquals: { 'kms:ViaService': `dynamodb.${policy.stack.region}.amazonaws.com` } },
      }),
    );
  }
}

export interface AuditWriterProps {
  readonly defaults: FunctionDefaults;
  readonly table: AuditTable;
  /** How long entries are kept (deploy config auditRetentionYears, at least six). */
  readonly retentionYears: number;
}

export class AuditWriter extends Construct {
  readonly handler: AppFunction;
  /** The settings the HTTP API's function needs to record and read the trail. */
  readonly environment: Record<string, string>;

  constructor(scope: Construct, id: string, props: AuditWriterProps) {
    super(scope, id);
    this.handler = new AppFunction(this, 'Handler', {
      defaults: {
        ...props.defaults,
        environment: { ...props.defaults.environment, AUDIT_TABLE_NAME: props.table.table.tableName, AUDIT_RETENTION_YEARS: String(props.retentionYears) },
      },
      handler: 'audit-writer',
      description: 'Chartside audit writer: appends audit entries (the only writer of the audit table)',
      memorySize: 256,
      // An export of a whole panel is one entry per patient, put 25 at a time.
      timeout: Duration.seconds(20),
    });
    props.table.grantAppend(this.handler.policy);
    this.environment = { AUDIT_WRITER_FUNCTION: this.handler.function.functionName, AUDIT_TABLE_NAME: props.table.table.tableName };
    acknowledge(this.handler.function, {
      'HIPAA.Security-LambdaDLQ': 'Invoked synchronously by the HTTP API, which fails the request when the entries are not written; nothing is dropped silently.',
    });
  }

  /** May invoke the writer, and nothing else of it. */
  grantRecord(policy: ManagedPolicy): void {
    policy.addStatements(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.handler.function.functionArn] }));
  }
}
