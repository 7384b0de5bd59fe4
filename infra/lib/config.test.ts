import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { filesBucketName, parseDeployConfig, readDeployConfig, webOrigins } from './config';

describe('deploy config', () => {
  it('has defaults so synth works with no context', () => {
    expect(parseDeployConfig({})).toEqual({
      account: '123456789012',
      region: 'us-east-1',
      appName: 'Chartside',
      mfa: 'optional',
      wsAccessLogs: false,
      logRetentionDays: 365,
      logLevel: 'INFO',
      searchInstanceType: 't3.small.search',
      searchInstanceCount: 1,
      searchVolumeGiB: 10,
      bedrockModelFast: 'amazon.nova-lite-v1:0',
      bedrockModelSlow: 'amazon.nova-pro-v1:0',
      bedrockModelVision: 'amazon.nova-lite-v1:0',
      bedrockModelExtraction: 'amazon.nova-lite-v1:0',
      aiDailyTokens: 500_000,
      dictation: true,
      dictationSpecialty: 'PRIMARYCARE',
      dictationType: 'DICTATION',
      speechVoice: 'Joanna',
      auditRetentionYears: 6,
    });
  });

  it('keeps the audit trail six years or more, as configured', () => {
    expect(parseDeployConfig({ auditRetentionYears: '10' }).auditRetentionYears).toBe(10);
    expect(() => parseDeployConfig({ auditRetentionYears: 5 })).toThrow(/must be at least 6 \(HIPAA keeps audit records six years\)\n.*at auditRetentionYears/);
  });

  it('takes Bedrock model ids and inference profiles, and refuses anything else', () => {
    expect(parseDeployConfig({ bedrockModelSlow: 'us.anthropic.claude-sonnet-4-20250514-v1:0', aiDailyTokens: '200000' })).toMatchObject({
      bedrockModelSlow: 'us.anthropic.claude-sonnet-4-20250514-v1:0',
      aiDailyTokens: 200_000,
    });
    expect(() => parseDeployConfig({ bedrockModelFast: 'gpt 4' })).toThrow('must be a Bedrock model id');
  });

  it('switches dictation and takes Transcribe Medical\'s specialties and types only', () => {
    expect(parseDeployConfig({ dictation: 'false', dictationSpecialty: 'CARDIOLOGY', dictationType: 'CONVERSATION' })).toMatchObject({
      dictation: false,
      dictationSpecialty: 'CARDIOLOGY',
      dictationType: 'CONVERSATION',
    });
    expect(() => parseDeployConfig({ dictationSpecialty: 'DERMATOLOGY' })).toThrow(/→ at dictationSpecialty/);
    expect(() => parseDeployConfig({ dictationType: 'dictation' })).toThrow(/→ at dictationType/);
  });

  it('sizes the search domain from context, one node or an even number', () => {
    expect(parseDeployConfig({ searchInstanceType: 'r7g.large.search', searchInstanceCount: '2', searchVolumeGiB: '100' })).toMatchObject({
      searchInstanceType: 'r7g.large.search',
      searchInstanceCount: 2,
      searchVolumeGiB: 100,
    });
    expect(() => parseDeployConfig({ searchInstanceCount: '3' })).toThrow('searchInstanceCount must be 1 or even');
    expect(() => parseDeployConfig({ searchInstanceType: 'large' })).toThrow('must be an OpenSearch instance type');
  });

  it('reads CDK context, where `-c key=value` gives strings', () => {
    const app = new App({
      context: { mfa: 'required', region: 'eu-central-1', logRetentionDays: '90', wsAccessLogs: 'true', other: 'x' },
    });
    expect(readDeployConfig(app.node)).toMatchObject({
      mfa: 'required',
      region: 'eu-central-1',
      logRetentionDays: 90,
      wsAccessLogs: true,
    });
  });

  it('names what is wrong', () => {
    expect(() => parseDeployConfig({ mfa: 'sometimes' })).toThrow(
      'Invalid deploy config (CDK context):\n✖ Invalid option: expected one of "optional"|"required"\n  → at mfa',
    );
    expect(() => parseDeployConfig({ logRetentionDays: '100' })).toThrow(/→ at logRetentionDays/);
    expect(() => parseDeployConfig({ account: '42' })).toThrow('must be a 12-digit AWS account id');
  });

  it('wants a certificate with a custom domain', () => {
    expect(() => parseDeployConfig({ webDomain: 'app.example.org' })).toThrow(
      'webDomain and webCertificateArn go together: CloudFront serves a custom domain only with its certificate',
    );
    const config = parseDeployConfig({
      webDomain: 'app.example.org',
      webCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
    });
    expect(webOrigins(config)).toEqual(['https://app.example.org']);
  });

  it('derives the files bucket name and the CORS origins', () => {
    const config = parseDeployConfig({ appName: 'ChartsideStaging', region: 'eu-west-1' });
    expect(filesBucketName(config)).toBe('chartsidestaging-files-123456789012-eu-west-1');
    expect(webOrigins(config)).toEqual(['https://*.cloudfront.net']);
  });
});
