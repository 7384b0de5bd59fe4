// The HTTP API: one Lambda (the Hono app) behind an API Gateway HTTP API, Cognito JWTs on everything under /api
// except the health check and the OpenAPI document.
import { Duration, Stack } from 'aws-cdk-lib';
import { HttpApi as HttpApiGateway, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { accessLogGroup, httpAccessLogFormat } from './access-log';
import { AppFunction, type FunctionDefaults } from './app-function';
import type { Auth } from './auth';
import type { Data } from './data';
import type { Files } from './files';
import type { Realtime } from './realtime';

/** Routes anyone may call, and why that is safe. */
export const PUBLIC_ROUTES: Readonly<Record<string, string>> = {
  '/api/health': 'Health check for monitors: the state of each dependency, no user data.',
  '/api/openapi.json': 'The API description, generated from the shared contracts; it holds no user data.',
};

export interface HttpApiProps {
  readonly defaults: FunctionDefaults;
  readonly data: Data;
  readonly files: Files;
  readonly auth: Auth;
  readonly realtime: Realtime;
  readonly logKey: IKey;
  /** Sent to Crossref and Unpaywall; the function's default is used when unset. */
  readonly contactEmail?: string;
}

/** The outside services the article lookups call (from the function, over the internet). */
export const ARTICLE_SERVICES = { ARTICLE_CROSSREF_URL: 'https://api.crossref.org', ARTICLE_UNPAYWALL_URL: 'https://api.unpaywall.org' } as const;

export class HttpApi extends Construct {
  readonly api: HttpApiGateway;
  readonly stage: HttpStage;
  readonly handler: AppFunction;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    const { defaults } = props;

    this.handler = new AppFunction(this, 'Handler', {
      defaults: {
        ...defaults,
        environment: {
          ...defaults.environment,
          WS_MANAGEMENT_ENDPOINT: props.realtime.managementEndpoint,
          ...ARTICLE_SERVICES,
          ...(props.contactEmail ? { ARTICLE_CONTACT_EMAIL: props.contactEmail } : {}),
        },
      },
      handler: 'http',
      description: 'Chartside HTTP API (Hono app)',
      memorySize: 1024,
      // The offline GeoIP database (for login sessions' location) is read from the package's own data folder.
      shippedPackages: ['fast-geoip'],
      // API Gateway gives up after 30 s; stop first so the error is ours, not a gateway timeout.
      timeout: Duration.seconds(28),
    });
    props.data.grantReadWriteData(this.handler.policy);
    props.files.grantReadWrite(this.handler.policy);
    // The Documents page and the file cleaner list objects; the cleaner reads the whole table for their references.
    props.files.grantListUserContent(this.handler.policy);
    props.data.grantScan(this.handler.policy);
    props.realtime.grantManageConnections(this.handler.policy);

    // The default stage is created below with access logs and throttles, which the API's own default stage lacks.
    this.api = new HttpApiGateway(this, 'Api', { description: 'Chartside HTTP API', createDefaultStage: false });
    this.stage = new HttpStage(this, 'Stage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogGroup(this, 'AccessLogs', props.logKey, defaults.logRetention)),
        format: httpAccessLogFormat,
      },
    });

    const integration = new HttpLambdaIntegration('HandlerIntegration', this.handler.function);
    this.api.addRoutes({
      path: '/api/{proxy+}',
      methods: [HttpMethod.ANY],
      integration,
      authorizer: new HttpUserPoolAuthorizer('CognitoAuthorizer', props.auth.userPool, {
        userPoolClients: [props.auth.client],
      }),
    });
    for (const [path, why] of Object.entries(PUBLIC_ROUTES)) {
      for (const route of this.api.addRoutes({ path, methods: [HttpMethod.GET], integration })) {
        acknowledge(route, { 'AwsSolutions-APIG4': `${path} is public by design. ${why}` });
      }
    }
  }

  /** Host name of the API, used as a CloudFront origin. */
  get originDomain(): string {
    const stack = Stack.of(this);
    return `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
