import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildChartside } from '../app';
import { readDeployConfig } from '../config';
import { statementsOf, stubSources, testApp, type PolicyStatementJson } from '../testing';
import { AUDIT_DENIED_ACTIONS } from './audit';

const synth = (context: Record<string, unknown> = {}) => {
  const app = testApp(context);
  const stacks = buildChartside(app, readDeployConfig(app.node), stubSources({ webDist: true }));
  return { data: Template.fromStack(stacks.data), app: Template.fromStack(stacks.app) };
};

/** The actions a policy grants on the audit table (its ARN is imported from the data stack by that name). */
const auditTableActions = (statements: PolicyStatementJson[]) =>
  statements.filter((s) => JSON.stringify(s.Resource).includes('AuditTable')).flatMap((s) => [s.Action].flat());

describe('Audit trail', () => {
  let data: Template;
  let app: Template;
  beforeAll(() => {
    ({ data, app } = synth());
  });

  it('is its own table: PITR, the data key, TTL, deletion-protected, kept on delete', () => {
    data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: Match.objectLike({ SSEEnabled: true, SSEType: 'KMS' }),
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        ResourcePolicy: Match.anyValue(),
      }),
    });
    expect(Object.keys(data.findResources('AWS::DynamoDB::Table'))).toHaveLength(2);
  });

  it("denies every principal the item actions that would change or delete an entry, in the table's own policy", () => {
    const [table] = Object.values(data.findResources('AWS::DynamoDB::Table', { Properties: { ResourcePolicy: Match.anyValue() } }));
    expect(table?.Properties.ResourcePolicy.PolicyDocument.Statement).toEqual([
      { Effect: 'Deny', Principal: { AWS: '*' }, Action: [...AUDIT_DENIED_ACTIONS].sort(), Resource: '*' },
    ]);
  });

  it('lets the writer only PutItem on the audit table, and keeps entries six years by default', () => {
    expect(auditTableActions(statementsOf(app, 'AuditWriterHandlerPolicy'))).toEqual(['dynamodb:PutItem']);
    app.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('audit writer'),
      Environment: { Variables: Match.objectLike({ AUDIT_RETENTION_YEARS: '6', AUDIT_TABLE_NAME: Match.anyValue() }) },
    });
  });

  it.each(['HttpApiHandlerPolicy', 'HttpApiBackupsHandlerPolicy'])("gives the HTTP API's role (%s) Query on the audit table and the writer's invocation, never a write, update or delete", (policy) => {
    const statements = statementsOf(app, policy);
    expect(auditTableActions(statements)).toEqual(['dynamodb:Query']);
    const invokes = statements.filter((s) => [s.Action].flat().includes('lambda:InvokeFunction'));
    expect(JSON.stringify(invokes)).toContain('AuditWriterHandler');
    app.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Chartside HTTP API (Hono app)',
      Environment: { Variables: Match.objectLike({ AUDIT_WRITER_FUNCTION: Match.anyValue(), AUDIT_TABLE_NAME: Match.anyValue() }) },
    });
  });

  it('gives no other role of the app any action on the audit table but the writer', () => {
    const policies = app.findResources('AWS::IAM::ManagedPolicy');
    const granting = Object.entries(policies)
      .filter(([, policy]) => auditTableActions(policy.Properties.PolicyDocument.Statement as PolicyStatementJson[]).length > 0)
      .map(([id]) => id.replace(/Policy[0-9A-F]{8}$/, ''));
    expect(granting.sort()).toEqual(['AuditWriterHandler', 'HttpApiBackupsHandler', 'HttpApiHandler']);
  });

  it('keeps entries as many years as the deploy config says', () => {
    const { app: longer } = synth({ auditRetentionYears: '10' });
    longer.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('audit writer'),
      Environment: { Variables: Match.objectLike({ AUDIT_RETENTION_YEARS: '10' }) },
    });
  });
});
