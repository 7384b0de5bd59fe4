// The HTTP API: the Hono app behind an API Gateway HTTP API, Cognito JWTs on everything under /api except the health
// check and the OpenAPI document. A function per group of routes (lambdas/src/http/groups/): each group's routes go to
// its function, every other path to the core's, so each bundles only its own routes' adapters and gets only their
// permissions.
import { Duration, Stack } from 'aws-cdk-lib';
import { HttpApi as HttpApiGateway, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { groupRoutes, type RouteGroupName } from '@chartside/lambdas/http/groups/all';
import { acknowledge } from '../nag';
import { accessLogGroup, httpAccessLogFormat } from './access-log';
import { AppFunction, type AppFunctionProps, type FunctionDefaults } from './app-function';
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

/** What each group's function is, by its handler file; `http` is the core. */
const GROUPS: Record<RouteGroupName, { id: string; description: string; bundling?: Pick<AppFunctionProps, 'shippedPackages' | 'encryptionSdk'> }> = {
  // The offline GeoIP database (for login sessions' location) is read from the package's own data folder.
  http: { id: 'Handler', description: 'Chartside HTTP API (Hono app)', bundling: { shippedPackages: ['fast-geoip'] } },
  'http-files': { id: 'FilesHandler', description: 'Chartside HTTP API: resources, files and documents', bundling: { encryptionSdk: true } },
  'http-search': { id: 'SearchHandler', description: 'Chartside HTTP API: search and library questions' },
  'http-ai': { id: 'AiHandler', description: 'Chartside HTTP API: chat, extraction, dictation and speech' },
  'http-feed': { id: 'FeedHandler', description: 'Chartside HTTP API: the feed and its pushes' },
  'http-backups': { id: 'BackupsHandler', description: 'Chartside HTTP API: backups and restores' },
};

export class HttpApi extends Construct {
  readonly api: HttpApiGateway;
  readonly stage: HttpStage;
  /** The function of each group of routes; the other constructs grant each what its routes use. */
  readonly handlers: Record<RouteGroupName, AppFunction>;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    const { defaults } = props;

    const environment = {
      ...defaults.environment,
      WS_MANAGEMENT_ENDPOINT: props.realtime.managementEndpoint,
      ...ARTICLE_SERVICES,
      ...(props.contactEmail ? { ARTICLE_CONTACT_EMAIL: props.contactEmail } : {}),
    };
    const fn = (handler: RouteGroupName) =>
      new AppFunction(this, GROUPS[handler].id, {
        defaults: { ...defaults, environment },
        handler,
        description: GROUPS[handler].description,
        memorySize: 1024,
        ...GROUPS[handler].bundling,
        // API Gateway gives up after 30 s; stop first so the error is ours, not a gateway timeout.
        timeout: Duration.seconds(28),
      });
    this.handlers = Object.fromEntries(Object.keys(GROUPS).map((handler) => [handler, fn(handler as RouteGroupName)])) as Record<RouteGroupName, AppFunction>;
    const { http, 'http-files': files, 'http-ai': ai, 'http-feed': feed, 'http-backups': backups } = this.handlers;
    for (const group of Object.values(this.handlers)) props.data.grantReadWriteData(group.policy);
    for (const group of [files, ai]) props.files.grantReadWrite(group.policy);
    // The Documents page and the file cleaner list objects; the cleaner reads the whole table for their references.
    props.files.grantListUserContent(files.policy);
    props.data.grantScan(files.policy);
    // Every group but search tells the user's open tabs about a change.
    for (const group of [http, files, ai, feed, backups]) props.realtime.grantManageConnections(group.policy);

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

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.auth.userPool, { userPoolClients: [props.auth.client] });
    const integration = new HttpLambdaIntegration('HandlerIntegration', http.function);
    this.api.addRoutes({ path: '/api/{proxy+}', methods: [HttpMethod.ANY], integration, authorizer });
    for (const [path, why] of Object.entries(PUBLIC_ROUTES)) {
      for (const route of this.api.addRoutes({ path, methods: [HttpMethod.GET], integration })) {
        acknowledge(route, { 'AwsSolutions-APIG4': `${path} is public by design. ${why}` });
      }
    }
    // Each route of the other groups, by method and path: more specific than the core's /api/{proxy+}, so it wins.
    for (const group of (Object.keys(GROUPS) as RouteGroupName[]).filter((name) => name !== 'http')) {
      const groupIntegration = new HttpLambdaIntegration(`${GROUPS[group].id}Integration`, this.handlers[group].function);
      for (const { method, path } of groupRoutes(group)) {
        this.api.addRoutes({ path, methods: [HttpMethod[method as keyof typeof HttpMethod]], integration: groupIntegration, authorizer });
      }
    }
  }

  /** Host name of the API, used as a CloudFront origin. */
  get originDomain(): string {
    const stack = Stack.of(this);
    return `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
