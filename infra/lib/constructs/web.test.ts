import { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { backend, stubSources, testStack } from '../testing';
import { contentSecurityPolicy, Web, WEB_DIST_MISSING, type WebDomain } from './web';
import { spaRewriteCode, wsRewriteCode } from './web-functions';

const FILES_ORIGIN = 'https://chartside-files-123456789012-us-east-1.s3.us-east-1.amazonaws.com';
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const synth = (opts: { webDist: boolean; domain?: WebDomain }) => {
  const stack = testStack();
  const paths = stubSources({ webDist: opts.webDist });
  const { auth, httpApi, realtime, data } = backend(stack, paths);
  const web = new Web(stack, 'Web', {
    auth,
    httpApi,
    realtime,
    filesOrigin: FILES_ORIGIN,
    mfa: 'optional',
    webDistDir: paths.webDistDir,
    domain: opts.domain,
    logKey: data.key,
    logRetention: 365,
  });
  return { stack, web, template: Template.fromStack(stack) };
};

const functionId = (template: Template, code: string) =>
  Object.entries(template.findResources('AWS::CloudFront::Function')).find(
    ([, fn]) => fn.Properties.FunctionCode === code,
  )?.[0];

describe('Web', () => {
  const { stack, web, template } = synth({ webDist: true });
  const distribution = () => Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]?.Properties;

  it('serves the private bucket through Origin Access Control with the SPA rewrite on viewer requests', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          CachePolicyId: CACHING_OPTIMIZED,
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [
            { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId(template, spaRewriteCode), 'FunctionARN'] } },
          ],
        }),
      }),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('runs the tested rewrite code', () => {
    expect(functionId(template, spaRewriteCode)).toBeDefined();
    expect(functionId(template, wsRewriteCode('prod'))).toBeDefined();
  });

  it('sends /api/* to the HTTP API uncached, with all methods and every viewer header but Host', () => {
    const api = distribution().DistributionConfig.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = distribution().DistributionConfig.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('HttpApi');
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
  });

  it('sends /ws to the WebSocket API, rewriting the path to the stage', () => {
    const ws = distribution().DistributionConfig.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/ws');
    expect(ws).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      FunctionAssociations: [
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId(template, wsRewriteCode('prod')), 'FunctionARN'] } },
      ],
    });
    const origin = distribution().DistributionConfig.Origins.find((o: { Id: string }) => o.Id === ws.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('RealtimeApi');
    expect(origin.OriginPath).toBeUndefined();
  });

  it('adds strict security headers to app and API responses', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: {
            ContentSecurityPolicy: contentSecurityPolicy({ region: 'us-east-1', filesOrigin: FILES_ORIGIN }),
            Override: true,
          },
          StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'same-origin', Override: true },
        },
        CustomHeadersConfig: { Items: [{ Header: 'Permissions-Policy', Value: 'microphone=(self), camera=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=()', Override: true }] },
      }),
    });
    expect(contentSecurityPolicy({ region: 'us-east-1', filesOrigin: FILES_ORIGIN, wssOrigin: 'wss://app.example.org' })).toBe(
      "default-src 'self'; " +
        `connect-src 'self' https://cognito-idp.us-east-1.amazonaws.com ${FILES_ORIGIN} wss://app.example.org; ` +
        `img-src 'self' data: blob: ${FILES_ORIGIN}; style-src 'self' 'unsafe-inline'; script-src 'self'; ` +
        "worker-src 'self' blob:; media-src 'self' blob:; frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
    );
    const policyId = Object.keys(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0];
    const behaviors = [distribution().DistributionConfig.DefaultCacheBehavior, ...distribution().DistributionConfig.CacheBehaviors];
    expect(behaviors.filter((b) => b.ResponseHeadersPolicyId?.Ref === policyId)).toHaveLength(2);
  });

  it('writes standard logs to a bucket that accepts CloudFront log ACLs', () => {
    expect(distribution().DistributionConfig.Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [expect.stringMatching(/^WebLogs/), 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
    template.hasResourceProperties('AWS::S3::Bucket', {
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
    });
  });

  it('writes config.json for this deployment, never cached and never pruned', () => {
    expect(stack.resolve(web.runtimeConfig)).toEqual({
      region: 'us-east-1',
      userPoolId: { Ref: expect.stringMatching(/^AuthUserPool/) },
      userPoolClientId: { Ref: expect.stringMatching(/^AuthUserPoolWebClient/) },
      apiUrl: '/api',
      wsUrl: { 'Fn::Join': ['', ['wss://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }, '/ws']] },
      mfa: 'optional',
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Prune: false,
      SystemMetadata: { 'cache-control': 'no-cache' },
      DestinationBucketName: { Ref: Match.stringLikeRegexp('^WebBucket') },
    });
  });

  it('deploys hashed assets as immutable, then the rest revalidated on every load, keeping config.json, then invalidates', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 3);
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Prune: false,
      Exclude: ['*'],
      Include: ['assets/*'],
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Prune: true,
      Exclude: ['config.json', 'assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
      DistributionId: { Ref: Match.stringLikeRegexp('^WebDistribution') },
    });
  });

  it('still synthesizes without web/dist, deploying only config.json and warning', () => {
    const fresh = synth({ webDist: false });
    fresh.template.resourceCountIs('Custom::CDKBucketDeployment', 1);
    Annotations.fromStack(fresh.stack).hasWarning('/Test/Web', Match.stringLikeRegexp(WEB_DIST_MISSING.replace(/[.*+?^${}()|[\]\\`]/g, '\\$&')));
    Annotations.fromStack(stack).hasNoWarning('*', Match.stringLikeRegexp('web/dist not found'));
  });

  it('serves a custom domain with its certificate, TLS 1.2 and the wss origin in the CSP', () => {
    const custom = synth({
      webDist: false,
      domain: { name: 'app.example.org', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' },
    });
    custom.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.example.org'],
        ViewerCertificate: {
          AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
    custom.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: {
            ContentSecurityPolicy: Match.stringLikeRegexp('wss://app\\.example\\.org'),
            Override: true,
          },
        }),
      }),
    });
    expect(Stack.of(custom.web).resolve(custom.web.runtimeConfig.wsUrl)).toBe('wss://app.example.org/ws');
  });
});
