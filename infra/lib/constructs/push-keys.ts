// The VAPID key pair of feed notifications (web push) in the cloud: a Secrets Manager secret encrypted with the data
// key, filled once at deploy by a custom resource (the vapid-keys-setup function makes the pair with web-push), and read
// by the functions that push. The local runtime keeps its pair under DATA_DIR instead.
import { CustomResource, Duration, Stack } from 'aws-cdk-lib';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledge, wildcardResourceFinding } from '../nag';
import { AppFunction, type FunctionDefaults } from './app-function';
import type { Data } from './data';

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

    const providerLogs = new LogGroup(this, 'ProviderLogs', { encryptionKey: props.defaults.logKey, retention: props.defaults.logRetention });
    const providerRole = new Role(this, 'ProviderRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Runs the CDK provider framework for the VAPID key pair setup',
    });
    new ManagedPolicy(this, 'ProviderPolicy', {
      roles: [providerRole],
      statements: [new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [providerLogs.logGroupArn] })],
    });
    const provider = new Provider(this, 'Provider', { onEventHandler: this.setup.function, logGroup: providerLogs, frameworkOnEventRole: providerRole });
    acknowledge(providerRole, {
      'HIPAA.Security-IAMNoInlinePolicy':
        'The CDK provider framework adds its own inline grant to invoke the setup function; every other permission is in the managed ProviderPolicy.',
      [wildcardResourceFinding(providerRole, `${this.setup.function.functionArn}:*`)]:
        'Written by the CDK provider framework: invoke the setup function and any of its versions, nothing else.',
    });
    acknowledge(provider, {
      'HIPAA.Security-LambdaConcurrency': 'The CDK provider framework function runs only while CloudFormation deploys this stack, one event at a time.',
      'HIPAA.Security-LambdaDLQ': 'Invoked synchronously by CloudFormation during a deploy, which reports a failure in the stack events; nothing asynchronous to dead-letter.',
      'HIPAA.Security-LambdaInsideVPC': 'The CDK provider framework function only relays the deploy event to the setup function and answers CloudFormation; it touches no data.',
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
