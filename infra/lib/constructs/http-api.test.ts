import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupRoutes } from '@chartside/lambdas/http/groups/all';
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

  it("sends each route of the other groups to its own function, by method and path, and every other path to the core's", () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((route) => route.Properties);
    const others = (['http-files', 'http-search', 'http-ai', 'http-feed', 'http-backups'] as const).flatMap((group) => groupRoutes(group));
    // The core's three, the WebSocket API's three, and one per route of the other groups.
    expect(routes).toHaveLength(3 + 3 + others.length);
    // The integration's id: the first route's path, then the function's (e.g. HttpApiPOSTapisearchSearchHandlerIntegration).
    const functionOf = (routeKey: string) => /"Ref":"HttpApi\w*?(Files|Search|Ai|Feed|Backups|proxy)HandlerIntegration/.exec(JSON.stringify(routes.find((route) => route.RouteKey === routeKey)?.Target))?.[1];
    expect(functionOf('POST /api/search')).toBe('Search');
    expect(functionOf('PATCH /api/resources/{resourceId}')).toBe('Files');
    expect(functionOf('POST /api/chats/{chatId}/messages')).toBe('Ai');
    expect(functionOf('PUT /api/feed/push/devices/{deviceId}')).toBe('Feed');
    expect(functionOf('POST /api/backups/{date}/restore')).toBe('Backups');
    expect(functionOf('ANY /api/{proxy+}')).toBe('proxy');
    expect(routes.filter((route) => String(route.RouteKey).includes('/patients'))).toEqual([]);
    for (const route of routes.filter((route) => String(route.RouteKey).startsWith('POST /api/') || String(route.RouteKey).startsWith('PUT /api/'))) {
      expect(route).toMatchObject({ AuthorizationType: 'JWT' });
    }
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

  const statementsOf = (prefix: string): unknown[] => template.findResources('AWS::IAM::ManagedPolicy')[idOf('AWS::IAM::ManagedPolicy', prefix)]?.Properties.PolicyDocument.Statement;
  const manageConnections = () => ({
    Effect: 'Allow',
    Action: 'execute-api:ManageConnections',
    Resource: {
      'Fn::Join': ['', ['arn:aws:execute-api:us-east-1:123456789012:', { Ref: idOf('AWS::ApiGatewayV2::Api', 'RealtimeApi') }, '/prod/*/@connections/*']],
    },
  });
  const userFiles = {
    Effect: 'Allow',
    Action: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject', 's3:PutObjectTagging'],
    Resource: 'arn:aws:s3:::chartside-files-123456789012-us-east-1/userContent/*',
  };

  it('lets the core use the table and ManageConnections only on its own WebSocket API, and not the files bucket', () => {
    const statements = statementsOf('HttpApiHandlerPolicy');
    expect(statements).toContainEqual(manageConnections());
    expect(JSON.stringify(statements)).toContain('dynamodb:PutItem');
    expect(JSON.stringify(statements)).not.toContain('s3:');
  });

  it('lets the files group use the files bucket, list user content (by prefix) and scan the table, for the Documents page and the file cleaner', () => {
    const statements = statementsOf('HttpApiFilesHandlerPolicy');
    expect(statements).toContainEqual(userFiles);
    expect(statements).toContainEqual({
      Effect: 'Allow',
      Action: 's3:ListBucket',
      Resource: 'arn:aws:s3:::chartside-files-123456789012-us-east-1',
      Condition: { StringLike: { 's3:prefix': ['userContent/*'] } },
    });
    expect(statements).toContainEqual({ Effect: 'Allow', Action: 'dynamodb:Scan', Resource: { 'Fn::GetAtt': [idOf('AWS::DynamoDB::Table', 'Data'), 'Arn'] } });
    expect(statements).toContainEqual(manageConnections());
  });

  it('gives the backups group the table and pushes to the open tabs, not the files bucket nor a scan', () => {
    const statements = JSON.stringify(statementsOf('HttpApiBackupsHandlerPolicy'));
    expect(statements).toContain('dynamodb:PutItem');
    expect(statements).toContain('execute-api:ManageConnections');
    for (const action of ['s3:', 'dynamodb:Scan']) expect(statements).not.toContain(action);
  });

  it('gives the search group the table alone: no files, no pushes to the open tabs, no scan', () => {
    const statements = JSON.stringify(statementsOf('HttpApiSearchHandlerPolicy'));
    expect(statements).toContain('dynamodb:Query');
    for (const action of ['s3:', 'execute-api:ManageConnections', 'dynamodb:Scan']) expect(statements).not.toContain(action);
  });

  it.each(['Chartside HTTP API (Hono app)', 'Chartside HTTP API: resources, files and documents'])(
    'gives the function (%s) the stage callback URL, the article services and a timeout under the gateway limit',
    (description) => {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: description,
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
    },
  );
});
