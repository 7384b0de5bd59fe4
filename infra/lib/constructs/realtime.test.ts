import { Key } from 'aws-cdk-lib/aws-kms';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionDefaults, stubSources, testStack } from '../testing';
import { Data } from './data';
import { Realtime } from './realtime';

const synth = (accessLogs: boolean) => {
  const stack = testStack();
  const paths = stubSources({ webDist: false });
  const data = new Data(stack, 'Data');
  const defaults = functionDefaults(paths, data);
  const realtime = new Realtime(stack, 'Realtime', { defaults, data, logKey: new Key(stack, 'LogKey'), accessLogs });
  return { realtime, template: Template.fromStack(stack) };
};

/** The statements of the managed policy attached to the role of one of the realtime functions. */
const policyOf = (template: Template, fn: string): string =>
  JSON.stringify(
    Object.entries(template.findResources('AWS::IAM::ManagedPolicy')).find(([id]) => id.startsWith(`Realtime${fn}Policy`))?.[1],
  );

describe('Realtime', () => {
  let template: Template;
  let apiId: string;
  beforeAll(() => {
    template = synth(false).template;
    apiId = Object.keys(template.findResources('AWS::ApiGatewayV2::Api'))[0] ?? '';
  });

  it('has $connect behind a REQUEST authorizer reading the one-time ticket, which it may only delete', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      IdentitySource: ['route.request.querystring.ticket'],
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: '$connect',
      AuthorizationType: 'CUSTOM',
      AuthorizerId: { Ref: Match.anyValue() },
    });
  });

  it('routes $connect, $disconnect and $default to their own functions', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Route', 3);
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', 3);
    for (const [routeKey, fn] of [
      ['$connect', 'Connect'],
      ['$disconnect', 'Disconnect'],
      ['$default', 'DefaultRoute'],
    ] as const) {
      const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: routeKey } }));
      const integrationId = JSON.stringify(routes[0]?.Properties.Target).match(/Realtime\w+Integration\w+/)?.[0] ?? '';
      const integration = template.toJSON().Resources[integrationId];
      expect(JSON.stringify(integration.Properties.IntegrationUri)).toContain(`Realtime${fn}Function`);
    }
  });

  it('deploys the prod stage automatically', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'prod', AutoDeploy: true });
  });

  it('tells every function the https callback URL of the stage', () => {
    const endpoint = {
      'Fn::Join': ['', ['https://', { Ref: apiId }, '.execute-api.us-east-1.', { Ref: 'AWS::URLSuffix' }, '/prod']],
    };
    const functions = Object.values(template.findResources('AWS::Lambda::Function'));
    expect(functions).toHaveLength(4);
    for (const fn of functions) {
      expect(fn.Properties.Environment.Variables).toEqual({
        TABLE_NAME: 'table',
        WS_MANAGEMENT_ENDPOINT: endpoint,
        NODE_OPTIONS: '--enable-source-maps',
      });
    }
  });

  it('lets only $default push to connections, and only on this API and stage', () => {
    template.hasResourceProperties('AWS::IAM::ManagedPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          {
            Effect: 'Allow',
            Action: 'execute-api:ManageConnections',
            Resource: {
              'Fn::Join': ['', ['arn:aws:execute-api:us-east-1:123456789012:', { Ref: apiId }, '/prod/*/@connections/*']],
            },
          },
        ]),
      },
    });
    expect(policyOf(template, 'DefaultRoute')).toContain('execute-api:ManageConnections');
    for (const fn of ['Connect', 'Disconnect', 'Authorizer']) {
      expect(policyOf(template, fn)).not.toContain('execute-api:ManageConnections');
    }
  });

  it('gives the table to the connection functions, and the authorizer only the delete that redeems a ticket', () => {
    for (const fn of ['Connect', 'Disconnect', 'DefaultRoute']) expect(policyOf(template, fn)).toContain('dynamodb:PutItem');
    expect(policyOf(template, 'Authorizer').match(/dynamodb:\w+/g)).toEqual(['dynamodb:DeleteItem']);
  });

  it('logs stage access only when the account has the API Gateway logging role', () => {
    expect(JSON.stringify(template.findResources('AWS::ApiGatewayV2::Stage'))).not.toContain('AccessLogSettings');
    synth(true).template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'prod',
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^RealtimeAccessLogs'), 'Arn'] } },
    });
  });
});
