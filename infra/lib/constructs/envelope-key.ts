// The customer-managed KMS key of envelope encryption (encrypted resources, the fileencrypt tool): its own key, apart
// from the data key that encrypts the table, buckets and logs, so that only the functions that seal or open a user's
// data may use it. Rotated yearly; retained when the stack goes, or everything sealed under it would be lost.
import { RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, type ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

/** The encryption context every message carries (lambdas/src/ports/envelope-cipher.ts): exactly these keys. */
const CONTEXT_KEYS = ['userId', 'itemId'];

export class EnvelopeKey extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      description: 'Chartside envelope encryption: wraps the data keys of encrypted resources and files',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /** What the functions read: the key's ARN. */
  get environment(): Record<string, string> {
    return { DATA_ENCRYPTION_KEY_ARN: this.key.keyArn };
  }

  /** Seal and open: a data key for each message (GenerateDataKey) and unwrapping it (Decrypt), with the user context only. */
  grantEncryptDecrypt(policy: ManagedPolicy): void {
    policy.addStatements(this.statement(['kms:GenerateDataKey', 'kms:Decrypt']));
  }

  /** Open only (a chat reply reading an encrypted resource). */
  grantDecrypt(policy: ManagedPolicy): void {
    policy.addStatements(this.statement(['kms:Decrypt']));
  }

  private statement(actions: string[]): PolicyStatement {
    return new PolicyStatement({
      actions,
      resources: [this.key.keyArn],
      conditions: {
        'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': CONTEXT_KEYS },
        Null: { 'kms:EncryptionContext:userId': 'false', 'kms:EncryptionContext:itemId': 'false' },
      },
    });
  }
}
