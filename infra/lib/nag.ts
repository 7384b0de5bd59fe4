// cdk-nag 3 runs as a CDK validation plugin: unacknowledged errors fail synth. Every acknowledgement carries its reason.
import { Stack, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export const addNagChecks = (app: App): void => {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new HIPAASecurityChecks(app));
};

/** Acknowledge nag findings on a construct and its children: `{ 'AwsSolutions-IAM5[Resource::...]': 'why' }`. */
export const acknowledge = (scope: IConstruct, findings: Record<string, string>): void => {
  Validations.of(scope).acknowledge(...Object.entries(findings).map(([id, reason]) => ({ id, reason })));
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// Mirrors cdk-nag's flattening of CloudFormation references in finding ids (Ref -> <Id>, GetAtt -> <Id.Attr>).
const flatten = (node: unknown): string => {
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (isRecord(node)) {
    const join = node['Fn::Join'];
    if (Array.isArray(join) && typeof join[0] === 'string' && Array.isArray(join[1])) {
      return join[1].map(flatten).join(join[0]);
    }
    const getAtt = node['Fn::GetAtt'];
    if (Array.isArray(getAtt)) return `<${getAtt.map(flatten).join('.')}>`;
    if ('Ref' in node) return `<${flatten(node.Ref)}>`;
  }
  return JSON.stringify(node);
};

/** The id of the IAM5 finding for a wildcard resource ARN built from same-stack references. */
export const wildcardResourceFinding = (scope: IConstruct, arn: string): string =>
  `AwsSolutions-IAM5[Resource::${flatten(Stack.of(scope).resolve(arn))}]`;
