// The whole app under cdk-nag (AwsSolutions + HIPAA Security), as `cdk synth` runs it, minus bundling.
import { Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildChartside } from './app';
import { readDeployConfig } from './config';
import { stubSources, testApp } from './testing';

interface Report {
  pluginReports: { pluginName: string; violations: { ruleName: string; severity: string; violatingConstructs?: { constructPath: string }[] }[] }[];
}

const synthWithNag = (context: Record<string, unknown> = {}) => {
  const app = testApp(context);
  const stacks = buildChartside(app, readDeployConfig(app.node), stubSources({ webDist: true }));
  const assembly = app.synth();
  const report = JSON.parse(readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8')) as Report;
  const findings = report.pluginReports.flatMap((r) =>
    r.violations.map((v) => `${v.severity} ${v.ruleName} at ${(v.violatingConstructs ?? []).map((c) => c.constructPath).join(', ')}`),
  );
  return { app, stacks, findings };
};

/** Every acknowledgement in the tree: [construct path, rule id, reason]. */
const acknowledgements = (root: IConstruct): [string, string, string][] =>
  root.node
    .findAll()
    .flatMap((c) =>
      c.node.metadata
        .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]): [string, string, string] => [c.node.path, id, reason])),
    );

interface Statement {
  Action: string | string[];
  Effect: string;
  Resource: unknown;
  Condition?: unknown;
}

/** The app stack's IAM statements, the HTTP API function's environment and the page's Content-Security-Policy. */
/** The statement that grants `action`, without its actions: CDK merges statements alike but for their actions into one. */
const statementGranting = (policies: Statement[], action: string) => {
  const found = policies.find((statement) => [statement.Action].flat().includes(action));
  if (!found) return undefined;
  const { Action: _actions, ...rest } = found;
  return rest;
};

const dictationParts = (stack: Stack) => {
  const template = Template.fromStack(stack);
  const policies = Object.values(template.findResources('AWS::IAM::ManagedPolicy')).flatMap(
    (policy) => policy.Properties.PolicyDocument.Statement as Statement[],
  );
  const http = Object.values(template.findResources('AWS::Lambda::Function', { Properties: { Description: 'Chartside HTTP API (Hono app)' } }));
  const headers = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
  return {
    policies,
    httpEnvironment: http[0]?.Properties.Environment.Variables as Record<string, unknown>,
    // The files bucket's origin comes from the data stack, so the policy is a join: its literal parts are enough here.
    csp: JSON.stringify(headers[0]?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy),
  };
};

describe('Chartside app', () => {
  const { app, stacks, findings } = synthWithNag();

  it('is a stateful data stack and a stateless app stack that depends on it', () => {
    expect(stacks.data.stackName).toBe('ChartsideData');
    expect(stacks.app.stackName).toBe('ChartsideApp');
    expect(stacks.app.dependencies).toContain(stacks.data);
    expect(stacks.data.dependencies).toEqual([]);
    expect(stacks.app.region).toBe('us-east-1');
    expect(stacks.app.account).toBe('123456789012');
  });

  it('has no unacknowledged cdk-nag errors or warnings', () => {
    expect(findings).toEqual([]);
  });

  it('gives every acknowledgement a reason', () => {
    const acks = acknowledgements(app);
    expect(acks.length).toBeGreaterThan(0);
    for (const [path, id, reason] of acks) expect(`${path} ${id}: ${reason}`).toMatch(/: .{30,}/);
  });

  it('needs fewer acknowledgements with MFA required, a custom domain and a WAF', () => {
    const strict = synthWithNag({
      mfa: 'required',
      webDomain: 'app.example.org',
      webCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/chartside/abc',
      wsAccessLogs: 'true',
    });
    expect(strict.findings).toEqual([]);
    const ids = acknowledgements(strict.app).map(([, id]) => id);
    for (const relaxed of ['AwsSolutions-COG2', 'AwsSolutions-CFR2', 'AwsSolutions-CFR4', 'AwsSolutions-APIG1']) {
      expect(ids.filter((id) => id.endsWith(relaxed))).toEqual([]);
    }
  });

  it('lets the HTTP API sign Transcribe Medical streams and nothing else of Transcribe, in its own region', () => {
    const { policies } = dictationParts(stacks.app);
    expect(policies.flatMap((statement) => [statement.Action].flat()).filter((action) => String(action).startsWith('transcribe:'))).toEqual([
      'transcribe:StartMedicalStreamTranscriptionWebSocket',
    ]);
    expect(statementGranting(policies, 'transcribe:StartMedicalStreamTranscriptionWebSocket')).toEqual({
      Effect: 'Allow',
      Resource: '*',
      Condition: { StringEquals: { 'aws:RequestedRegion': 'us-east-1' } },
    });
  });

  it('gives the HTTP API the dictation settings and lets the page connect to Transcribe streaming', () => {
    const { httpEnvironment, csp } = dictationParts(stacks.app);
    expect(httpEnvironment).toMatchObject({ DICTATION: 'transcribe-medical', TRANSCRIBE_MEDICAL_SPECIALTY: 'PRIMARYCARE', TRANSCRIBE_MEDICAL_TYPE: 'DICTATION' });
    expect(csp).toMatch(/connect-src [^;]* wss:\/\/transcribestreaming\.us-east-1\.amazonaws\.com:8443[; ]/);
  });

  it('lets the HTTP API read text aloud with Polly and do nothing else of Polly, in its own region, with the default voice', () => {
    const { policies, httpEnvironment } = dictationParts(stacks.app);
    expect(policies.flatMap((statement) => [statement.Action].flat()).filter((action) => String(action).startsWith('polly:'))).toEqual(['polly:SynthesizeSpeech']);
    expect(statementGranting(policies, 'polly:SynthesizeSpeech')).toEqual({
      Effect: 'Allow',
      Resource: '*',
      Condition: { StringEquals: { 'aws:RequestedRegion': 'us-east-1' } },
    });
    expect(httpEnvironment).toMatchObject({ SPEECH_VOICE: 'Joanna' });
  });

  it('with dictation off, grants no Transcribe action, sets no dictation settings and keeps Transcribe out of the CSP', () => {
    const off = synthWithNag({ dictation: 'false', region: 'eu-west-2' });
    expect(off.findings).toEqual([]);
    const { policies, httpEnvironment, csp } = dictationParts(off.stacks.app);
    expect(JSON.stringify(policies)).not.toContain('transcribe:');
    expect(Object.keys(httpEnvironment).filter((name) => /DICTATION|TRANSCRIBE/.test(name))).toEqual([]);
    expect(csp).not.toContain('transcribestreaming');
    expect(statementGranting(policies, 'polly:SynthesizeSpeech')).toBeDefined();
  });

  it("lets only its schedule and the HTTP API's feed function invoke the feed refresh function, whose name the API is given", () => {
    const template = Template.fromStack(stacks.app);
    const invoking = Object.entries(template.findResources('AWS::IAM::ManagedPolicy'))
      .filter(([, policy]) =>
        (policy.Properties.PolicyDocument.Statement as Statement[]).some(
          (statement) => [statement.Action].flat().includes('lambda:InvokeFunction') && JSON.stringify(statement.Resource).includes('FeedRefreshHandler'),
        ),
      )
      .map(([id]) => id.replace(/Policy[0-9A-F]{8}$/, ''));
    expect(invoking.sort()).toEqual(['FeedRefreshSchedule', 'HttpApiFeedHandler']);
    expect(JSON.stringify(dictationParts(stacks.app).httpEnvironment.FEED_REFRESH_FUNCTION)).toContain('FeedRefreshHandler');
  });

  it("lets only the HTTP API's backups function and the nightly backup reach the backups bucket", () => {
    const template = Template.fromStack(stacks.app);
    const reaching = Object.entries(template.findResources('AWS::IAM::ManagedPolicy'))
      .filter(([, policy]) => JSON.stringify(policy.Properties.PolicyDocument.Statement).includes('chartside-backups-'))
      .map(([id]) => id.replace(/Policy[0-9A-F]{8}$/, ''));
    expect(reaching.sort()).toEqual(['HttpApiBackupsHandler', 'NightlyBackupHandler']);
  });

  it('fails synth on a finding nobody acknowledged', () => {
    const broken = testApp();
    const { app: appStack } = buildChartside(broken, readDeployConfig(broken.node), stubSources({ webDist: true }));
    new Bucket(appStack as Stack, 'Unlogged');
    expect(() => broken.synth()).toThrow(/AwsSolutions-S1/);
  });
});
