// Realtime: the API Gateway WebSocket API, its four functions and the `prod` stage the lambdas post back through.
import { realtimeQuery } from '@chartside/shared';
import { ArnFormat, Stack } from 'aws-cdk-lib';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { type ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { acknowledge, wildcardResourceFinding } from '../nag';
import { accessLogGroup, webSocketAccessLogFormat } from './access-log';
import { AppFunction, type FunctionDefaults } from './app-function';
import type { Data } from './data';

export const WS_STAGE = 'prod';

export interface RealtimeProps {
  readonly defaults: FunctionDefaults;
  readonly data: Data;
  readonly logKey: IKey;
  /** Stage access logs need the account's API Gateway CloudWatch role (AWS::ApiGateway::Account). */
  readonly accessLogs: boolean;
}

export class Realtime extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly authorizerFunction: AppFunction;
  readonly connectFunction: AppFunction;
  readonly disconnectFunction: AppFunction;
  readonly defaultFunction: AppFunction;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);
    const { defaults } = props;

    this.api = new WebSocketApi(this, 'Api', { description: 'Chartside realtime (WebSocket)' });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WS_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: props.accessLogs
        ? {
            destination: new LogGroupLogDestination(
              accessLogGroup(this, 'AccessLogs', props.logKey, defaults.logRetention),
            ),
            format: webSocketAccessLogFormat,
          }
        : undefined,
    });
    if (!props.accessLogs) {
      acknowledge(this.stage, {
        'AwsSolutions-APIG1':
          'WebSocket stage logging needs the account-wide API Gateway CloudWatch role, which this app does not own; every route runs a function that logs with the request and connection ids. Set context wsAccessLogs=true once the account has that role.',
      });
    }

    const withEndpoint: FunctionDefaults = {
      ...defaults,
      environment: { ...defaults.environment, WS_MANAGEMENT_ENDPOINT: this.managementEndpoint },
    };
    const fn = (fnId: string, handler: string, description: string) =>
      new AppFunction(this, fnId, { defaults: withEndpoint, handler, description, memorySize: 256 });
    this.authorizerFunction = fn('Authorizer', 'ws-authorizer', 'Chartside WebSocket $connect authorizer (one-time ticket)');
    this.connectFunction = fn('Connect', 'ws-connect', 'Chartside WebSocket $connect');
    this.disconnectFunction = fn('Disconnect', 'ws-disconnect', 'Chartside WebSocket $disconnect');
    // Not `Default` (here or for an integration): CDK leaves that id out of logical ids, so they would collide.
    this.defaultFunction = fn('DefaultRoute', 'ws-default', 'Chartside WebSocket $default (client messages)');

    this.api.addRoute('$connect', {
      integration: new WebSocketLambdaIntegration('ConnectIntegration', this.connectFunction.function),
      authorizer: new WebSocketLambdaAuthorizer('TicketAuthorizer', this.authorizerFunction.function, {
        identitySource: [`route.request.querystring.${realtimeQuery.ticket}`],
      }),
    });
    const disconnect = this.api.addRoute('$disconnect', {
      integration: new WebSocketLambdaIntegration('DisconnectIntegration', this.disconnectFunction.function),
    });
    const message = this.api.addRoute('$default', {
      integration: new WebSocketLambdaIntegration('MessageIntegration', this.defaultFunction.function),
    });
    for (const route of [disconnect, message]) {
      acknowledge(route, {
        'AwsSolutions-APIG4':
          'API Gateway runs WebSocket authorizers only on $connect; this route only carries frames of a connection authorized there.',
      });
    }

    for (const f of [this.connectFunction, this.disconnectFunction, this.defaultFunction]) {
      props.data.grantReadWriteData(f.policy);
    }
    // Redeeming a ticket deletes it: that is all the authorizer does with the table.
    props.data.grantItemActions(this.authorizerFunction.policy, ['dynamodb:DeleteItem']);
    this.grantManageConnections(this.defaultFunction.policy);
  }

  /** The https callback URL of the stage: what the Management API (PostToConnection) is called on. */
  get managementEndpoint(): string {
    return this.stage.callbackUrl;
  }

  /** Host name of the API (no stage), used as a CloudFront origin. */
  get originDomain(): string {
    const stack = Stack.of(this);
    return `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  /** Post to, read and close connections of this API's stage only. */
  grantManageConnections(policy: ManagedPolicy): void {
    const connections = Stack.of(this).formatArn({
      service: 'execute-api',
      resource: this.api.apiId,
      resourceName: `${this.stage.stageName}/*/@connections/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    policy.addStatements(new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections] }));
    acknowledge(policy, {
      [wildcardResourceFinding(policy, connections)]:
        'Connection ids are created at runtime; the ARN is fixed to this API and stage, and the wildcards cover only the method (POST, GET, DELETE) and the connection id.',
    });
  }
}
