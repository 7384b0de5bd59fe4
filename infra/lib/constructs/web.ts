// The web app: a private bucket behind CloudFront (OAC), the SPA rewrite, /api and /ws routed to API Gateway,
// strict security headers, access logs, and /config.json written at deploy time next to the bundle.
import { contentSecurityPolicy as browserContentSecurityPolicy, PERMISSIONS_POLICY, RuntimeConfig } from '@chartside/shared';
import { Annotations, DefaultStackSynthesizer, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { acknowledge, wildcardResourceFinding } from '../nag';
import type { Auth } from './auth';
import type { HttpApi } from './http-api';
import type { Realtime } from './realtime';
import { spaRewriteCode, wsRewriteCode } from './web-functions';

export const WEB_DIST_MISSING = 'web/dist not found: run `npm run build` before `cdk deploy`';

export interface WebDomain {
  readonly name: string;
  /** ACM certificate in us-east-1 covering `name`. */
  readonly certificateArn: string;
}

export interface WebProps {
  readonly auth: Auth;
  readonly httpApi: HttpApi;
  readonly realtime: Realtime;
  /** The files bucket's https origin: the browser PUTs and GETs there with presigned URLs. */
  readonly filesOrigin: string;
  /** Transcribe streaming's wss origin, when dictation is on: the browser streams audio there with presigned URLs. */
  readonly dictationOrigin?: string;
  readonly mfa: RuntimeConfig['mfa'];
  /** The built bundle; when it has no index.html only config.json is deployed and synth warns. */
  readonly webDistDir: string;
  readonly domain?: WebDomain;
  /** WAFv2 web ACL (CLOUDFRONT scope) to attach. */
  readonly webAclArn?: string;
  readonly logKey: IKey;
  readonly logRetention: RetentionDays;
}

/** The deployment's Content-Security-Policy: our origin, Cognito, the files bucket, the WebSocket origin and dictation's. */
export const contentSecurityPolicy = (opts: { region: string; filesOrigin: string; wssOrigin?: string; dictationOrigin?: string }): string =>
  browserContentSecurityPolicy({
    connect: [`https://cognito-idp.${opts.region}.amazonaws.com`, opts.filesOrigin, opts.wssOrigin, opts.dictationOrigin].filter((s): s is string => s !== undefined),
    images: [opts.filesOrigin],
  });

export class Web extends Construct {
  readonly bucket: Bucket;
  readonly logs: Bucket;
  readonly distribution: Distribution;
  readonly runtimeConfig: RuntimeConfig;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { region } = Stack.of(this);

    this.logs = new Bucket(this, 'Logs', {
      // CloudFront standard logs are written with ACLs, so the bucket must accept them.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.logs, {
      'AwsSolutions-S1': 'This bucket receives the access logs; logging it into itself would loop.',
      'HIPAA.Security-S3BucketLoggingEnabled': 'This bucket receives the access logs; logging it into itself would loop.',
      'HIPAA.Security-S3DefaultEncryptionKMS':
        'S3 server access logs can only be delivered to an SSE-S3 bucket, and the CloudFront logs share it; the bucket is private, TLS-only and versioned, and the API keeps PHI out of URLs.',
      'HIPAA.Security-S3BucketReplicationEnabled':
        'Access logs are kept versioned in one region; cross-region replication is an organisation-level DR choice.',
    });

    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 'web-bucket/',
      lifecycleRules: [{ id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.bucket, {
      'HIPAA.Security-S3DefaultEncryptionKMS':
        'The bucket holds the public JavaScript bundle and config.json (ids, no secrets, no PHI); SSE-S3 keeps CloudFront OAC free of key-policy coupling.',
      'HIPAA.Security-S3BucketReplicationEnabled': 'The content is rebuilt and redeployed from source; replication adds nothing.',
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(spaRewriteCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Client routes (no file extension) get /index.html',
    });
    const wsRewrite = new CloudFrontFunction(this, 'WsRewrite', {
      code: FunctionCode.fromInline(wsRewriteCode(props.realtime.stage.stageName)),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Viewer /ws is the WebSocket stage path at the origin',
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Chartside security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            region,
            filesOrigin: props.filesOrigin,
            wssOrigin: props.domain ? `wss://${props.domain.name}` : undefined,
            dictationOrigin: props.dictationOrigin,
          }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.SAME_ORIGIN, override: true },
      },
      customHeadersBehavior: { customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }] },
    });

    const apiBehavior = {
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Chartside web app, /api and /ws',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Effective only with a custom certificate; the default *.cloudfront.net one has a fixed policy.
      minimumProtocolVersion: props.domain ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      domainNames: props.domain ? [props.domain.name] : undefined,
      certificate: props.domain
        ? Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn)
        : undefined,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: this.logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          ...apiBehavior,
          origin: new HttpOrigin(props.httpApi.originDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          allowedMethods: AllowedMethods.ALLOW_ALL,
          responseHeadersPolicy: headers,
        },
        '/ws': {
          ...apiBehavior,
          origin: new HttpOrigin(props.realtime.originDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          functionAssociations: [{ function: wsRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });
    this.acknowledgeDistribution(props);

    const host = props.domain?.name ?? this.distribution.distributionDomainName;
    // Ids and domain names are deploy-time tokens here, so only the shape can be checked at synth.
    this.runtimeConfig = RuntimeConfig.parse({
      region,
      userPoolId: props.auth.userPool.userPoolId,
      userPoolClientId: props.auth.client.userPoolClientId,
      apiUrl: '/api',
      wsUrl: `wss://${host}/ws`,
      mfa: props.mfa,
    });
    this.deployContent(props);
  }

  private deployContent(props: WebProps): void {
    const logGroup = new LogGroup(this, 'DeploymentLogs', { encryptionKey: props.logKey, retention: props.logRetention });
    new BucketDeployment(this, 'DeployConfig', {
      sources: [Source.jsonData('config.json', this.runtimeConfig)],
      destinationBucket: this.bucket,
      // Never delete the bundle this deployment did not write.
      prune: false,
      cacheControl: [CacheControl.noCache()],
      logGroup,
    });
    if (existsSync(join(props.webDistDir, 'index.html'))) {
      // Hashed assets never change, so browsers keep them for a year; old ones stay for tabs still on the last version.
      const assets = new BucketDeployment(this, 'DeployAssets', {
        sources: [Source.asset(props.webDistDir)],
        destinationBucket: this.bucket,
        exclude: ['*'],
        include: ['assets/*'],
        prune: false,
        cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
        logGroup,
      });
      // Everything else (index.html, the service worker, the manifest) is revalidated on every load, so updates show.
      const shell = new BucketDeployment(this, 'DeployBundle', {
        sources: [Source.asset(props.webDistDir)],
        destinationBucket: this.bucket,
        // Excluded files are also spared by prune, so the config and the assets written above stay.
        exclude: ['config.json', 'assets/*'],
        prune: true,
        cacheControl: [CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: ['/*'],
        logGroup,
      });
      shell.node.addDependency(assets);
    } else {
      Annotations.of(this).addWarningV2('chartside:web-dist-missing', WEB_DIST_MISSING);
    }
    this.acknowledgeDeploymentHandler();
  }

  private acknowledgeDistribution(props: WebProps): void {
    const findings: Record<string, string> = {
      'AwsSolutions-CFR1': 'Clinicians travel and work remotely; there is no country the app must block.',
    };
    if (!props.webAclArn) {
      findings['AwsSolutions-CFR2'] =
        'No WAF web ACL by default (fixed monthly cost); every /api route needs a Cognito JWT and the stages are throttled. Set context webAclArn to attach one.';
    }
    if (!props.domain) {
      findings['AwsSolutions-CFR4'] =
        'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose TLS policy cannot be changed. Set webDomain and webCertificateArn to enforce TLSv1.2_2021.';
    }
    acknowledge(this.distribution, findings);
  }

  /** CDK's BucketDeployment handler (a stack-level singleton) is CDK's code, not ours. */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    const qualifier = stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const assetBucket = `cdk-${qualifier}-assets-${stack.account}-${stack.region}`;
    const handlers = stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    for (const handler of handlers) {
      const copies = 'It copies the deployed files from the CDK asset bucket into the web bucket and removes stale ones.';
      acknowledge(handler, {
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
          "CDK's BucketDeployment handler role; the managed policy only lets it write its own logs.",
        'AwsSolutions-IAM5[Action::s3:GetBucket*]': copies,
        'AwsSolutions-IAM5[Action::s3:GetObject*]': copies,
        'AwsSolutions-IAM5[Action::s3:List*]': copies,
        'AwsSolutions-IAM5[Action::s3:Abort*]': copies,
        'AwsSolutions-IAM5[Action::s3:DeleteObject*]': copies,
        [wildcardResourceFinding(handler, `arn:${stack.partition}:s3:::${assetBucket}/*`)]:
          'Read access to the CDK bootstrap asset bucket of this account and region, where the deployed zip files are staged.',
        [wildcardResourceFinding(handler, this.bucket.arnForObjects('*'))]: copies,
        'AwsSolutions-IAM5[Resource::*]': 'CloudFront invalidation actions do not support resource-level permissions.',
        'AwsSolutions-L1': "CDK's BucketDeployment handler; its runtime is chosen and updated by aws-cdk-lib.",
        'HIPAA.Security-LambdaInsideVPC': 'Deployment-time handler copying static assets between S3 buckets; no data path.',
        'HIPAA.Security-LambdaDLQ': 'Invoked synchronously by CloudFormation, which reports its failures.',
        'HIPAA.Security-LambdaConcurrency': 'Runs only during deployments, once per deployment.',
        'HIPAA.Security-IAMNoInlinePolicy': "CDK's BucketDeployment handler policy, generated by aws-cdk-lib for this one role.",
      });
    }
  }
}
