// The whole app under cdk-nag (AwsSolutions + HIPAA Security), as `cdk synth` runs it, minus bundling.
import { Stack, Validations } from 'aws-cdk-lib';
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

  it('fails synth on a finding nobody acknowledged', () => {
    const broken = testApp();
    const { app: appStack } = buildChartside(broken, readDeployConfig(broken.node), stubSources({ webDist: true }));
    new Bucket(appStack as Stack, 'Unlogged');
    expect(() => broken.synth()).toThrow(/AwsSolutions-S1/);
  });
});
