import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, stubSources, testStack } from '../testing';

describe('HttpApi', () => {
  let template: Template;
  const idOf = (type: string, prefix: string) =>
    Object.keys(template.findResources(type)).find((id) => id.startsWith(prefix)) ?? '';
  beforeAll(() => {
    const stack = testStack();
    backend(stack, stubSources({ webDist: false }));
    template = Template.fromStack(stack);
  });

  it('checks Cognito JWTs on ANY /api/{proxy+}', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: Match.stringLikeRegexp('^AuthUserPoolWebClient') }],
        Issuer: {
          'Fn::Join': ['', ['https://cognito-idp.us-east-1.amazonaws.com/', { Ref: Match.stringLikeRegexp('^AuthUserPool') }]],
        },
      },
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'ANY /api/{proxy+}',
      AuthorizationType: 'JWT',
      AuthorizerId: { Ref: Match.stringLikeRegexp('^HttpApiCognitoAuthorizer') },
    });
  });

  it.each(['GET /api/health', 'GET /api/openapi.json'])('leaves %s public', (routeKey) => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: routeKey, AuthorizationType: 'NONE' });
  });

  it('has only those three routes, all to the one function', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Route', 3 + 3);
    template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      ApiId: { Ref: idOf('AWS::ApiGatewayV2::Api', 'HttpApi') },
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
    });
  });

  it('logs access and throttles on the $default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: idOf('AWS::ApiGatewayV2::Api', 'HttpApi') },
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^HttpApiAccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"'),
      },
    });
  });

  it('can ManageConnections only on its own WebSocket API, and use the table and the files bucket', () => {
    const policy = template.findResources('AWS::IAM::ManagedPolicy')[idOf('AWS::IAM::ManagedPolicy', 'HttpApiHandlerPolicy')];
    const statements: unknown[] = policy?.Properties.PolicyDocument.Statement;
    expect(statements).toContainEqual({
      Effect: 'Allow',
      Action: 'execute-api:ManageConnections',
      Resource: {
        'Fn::Join': [
          '',
          ['arn:aws:execute-api:us-east-1:123456789012:', { Ref: idOf('AWS::ApiGatewayV2::Api', 'RealtimeApi') }, '/prod/*/@connections/*'],
        ],
      },
    });
    expect(statements).toContainEqual({
      Effect: 'Allow',
      Action: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject', 's3:PutObjectTagging'],
      Resource: 'arn:aws:s3:::chartside-files-123456789012-us-east-1/userContent/*',
    });
    expect(JSON.stringify(statements)).toContain('dynamodb:PutItem');
  });

  it('can list user content (by prefix) and scan the table, for the Documents page and the file cleaner', () => {
    const policy = template.findResources('AWS::IAM::ManagedPolicy')[idOf('AWS::IAM::ManagedPolicy', 'HttpApiHandlerPolicy')];
    const statements: unknown[] = policy?.Properties.PolicyDocument.Statement;
    expect(statements).toContainEqual({
      Effect: 'Allow',
      Action: 's3:ListBucket',
      Resource: 'arn:aws:s3:::chartside-files-123456789012-us-east-1',
      Condition: { StringLike: { 's3:prefix': ['userContent/*'] } },
    });
    expect(statements).toContainEqual({ Effect: 'Allow', Action: 'dynamodb:Scan', Resource: { 'Fn::GetAtt': [idOf('AWS::DynamoDB::Table', 'Data'), 'Arn'] } });
  });

  it('gives the function the stage callback URL, the article services and a timeout under the gateway limit', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Chartside HTTP API (Hono app)',
      Timeout: 28,
      Environment: {
        Variables: Match.objectLike({
          ARTICLE_CROSSREF_URL: 'https://api.crossref.org',
          ARTICLE_UNPAYWALL_URL: 'https://api.unpaywall.org',
          WS_MANAGEMENT_ENDPOINT: {
            'Fn::Join': [
              '',
              ['https://', { Ref: idOf('AWS::ApiGatewayV2::Api', 'RealtimeApi') }, '.execute-api.us-east-1.', { Ref: 'AWS::URLSuffix' }, '/prod'],
            ],
          },
        }),
      },
    });
  });
});
