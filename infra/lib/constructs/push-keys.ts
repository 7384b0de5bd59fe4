// The VAPID key pair of feed notifications (web push) in the cloud: a Secrets Manager secret encrypted with the data
// key, filled once at deploy by a custom resource (the vapid-keys-setup function makes the pair with web-push), and read
// by the functions that push. The local runtime keeps its pair under DATA_DIR instead.
import { CustomResource, Duration, Stack } from 'aws-cdk-lib';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { AppFunction, type FunctionDefaults } from './app-function';
import type { Data } from './data';
import { setupProvider } from './setup-provider';

export interface PushKeysProps {
  readonly defaults: FunctionDefaults;
  readonly data: Data;
  /** Given to browsers' push services with every push (VAPID's contact); the functions' default when unset. */
  readonly contactEmail?: string;
}

export class PushKeys extends Construct {
  readonly secret: Secret;
  readonly setup: AppFunction;
  /** What a function that pushes needs in its environment. */
  readonly environment: Readonly<Record<string, string>>;
  private readonly data: Data;

  constructor(scope: Construct, id: string, props: PushKeysProps) {
    super(scope, id);
    this.data = props.data;
    // Its first value is a placeholder: the setup below replaces it with the pair, once.
    this.secret = new Secret(this, 'Secret', { description: 'Chartside VAPID key pair of feed notifications (web push)', encryptionKey: props.data.key });
    const noRotation =
      'Every browser subscription is bound to this public key: rotating it would silently stop all feed notifications until each device subscribes again.';
    acknowledge(this.secret, { 'AwsSolutions-SMG4': noRotation, 'HIPAA.Security-SecretsManagerRotationEnabled': noRotation });
    this.environment = { VAPID_SECRET_ARN: this.secret.secretArn, ...(props.contactEmail ? { PUSH_CONTACT_EMAIL: props.contactEmail } : {}) };

    this.setup = new AppFunction(this, 'Setup', {
      defaults: { ...props.defaults, environment: { LOG_LEVEL: props.defaults.environment.LOG_LEVEL ?? 'INFO', VAPID_SECRET_ARN: this.secret.secretArn } },
      handler: 'vapid-keys-setup',
      description: 'Chartside VAPID key pair setup (deploy time): makes the pair once',
      memorySize: 256,
      timeout: Duration.minutes(1),
    });
    this.grant(this.setup.policy, ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'], ['kms:Decrypt', 'kms:GenerateDataKey']);

    const provider = setupProvider(this, {
      setupFunction: this.setup.function,
      logKey: props.defaults.logKey,
      logRetention: props.defaults.logRetention,
      purpose: 'the VAPID key pair setup',
    });
    new CustomResource(this, 'KeyPair', { serviceToken: provider.serviceToken, resourceType: 'Custom::VapidKeyPair', properties: { secret: this.secret.secretArn } });
  }

  /** Read the pair (GetSecretValue), with the data key only through Secrets Manager. */
  grantRead(policy: ManagedPolicy): void {
    this.grant(policy, ['secretsmanager:GetSecretValue'], ['kms:Decrypt']);
  }

  private grant(policy: ManagedPolicy, secretActions: string[], keyActions: string[]): void {
    policy.addStatements(
      new PolicyStatement({ actions: secretActions, resources: [this.secret.secretArn] }),
      new PolicyStatement({
        actions: keyActions,
        resources: [this.data.key.keyArn],
        conditions: { StringEquals: { 'kms:ViaService': `secretsmanager.${Stack.of(this).region}.amazonaws.com` } },
      }),
    );
  }
}
