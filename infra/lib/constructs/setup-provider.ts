// The CDK provider framework in front of a deploy-time setup function (a custom resource's handler): its own log group,
// a role allowed only to write there (and, added by the framework, to invoke the setup function), and the cdk-nag
// reasons for what the framework writes itself. Its parts are made in the calling construct, under fixed ids.
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { acknowledge, wildcardResourceFinding } from '../nag';

export const setupProvider = (scope: Construct, props: { setupFunction: IFunction; logKey: IKey; logRetention: RetentionDays; purpose: string }): Provider => {
  const providerLogs = new LogGroup(scope, 'ProviderLogs', { encryptionKey: props.logKey, retention: props.logRetention });
  const providerRole = new Role(scope, 'ProviderRole', {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: `Runs the CDK provider framework for ${props.purpose}`,
  });
  new ManagedPolicy(scope, 'ProviderPolicy', {
    roles: [providerRole],
    statements: [new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [providerLogs.logGroupArn] })],
  });
  const provider = new Provider(scope, 'Provider', { onEventHandler: props.setupFunction, logGroup: providerLogs, frameworkOnEventRole: providerRole });
  acknowledge(providerRole, {
    'HIPAA.Security-IAMNoInlinePolicy':
      'The CDK provider framework adds its own inline grant to invoke the setup function; every other permission is in the managed ProviderPolicy.',
    [wildcardResourceFinding(providerRole, `${props.setupFunction.functionArn}:*`)]:
      'Written by the CDK provider framework: invoke the setup function and any of its versions, nothing else.',
  });
  acknowledge(provider, {
    'HIPAA.Security-LambdaConcurrency': 'The CDK provider framework function runs only while CloudFormation deploys this stack, one event at a time.',
    'HIPAA.Security-LambdaDLQ': 'Invoked synchronously by CloudFormation during a deploy, which reports a failure in the stack events; nothing asynchronous to dead-letter.',
    'HIPAA.Security-LambdaInsideVPC': 'The CDK provider framework function only relays the deploy event to the setup function and answers CloudFormation; it touches no data.',
  });
  return provider;
};
