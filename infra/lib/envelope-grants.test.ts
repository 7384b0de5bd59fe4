// Envelope encryption in the whole app: the key sits in the data stack, every function learns its ARN, and exactly the
// HTTP API (seal and open) and the chat reply function (open) may use it.
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildChartside } from './app';
import { readDeployConfig } from './config';
import { stubSources, testApp } from './testing';

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

describe('the envelope key in the app', () => {
  const app = testApp();
  const stacks = buildChartside(app, readDeployConfig(app.node), stubSources({ webDist: true }));
  const data = Template.fromStack(stacks.data);
  const appTemplate = Template.fromStack(stacks.app);
  const [keyId] = Object.keys(data.findResources('AWS::KMS::Key', { Properties: { Description: 'Chartside envelope encryption: wraps the data keys of encrypted resources and files' } }));

  it('is a rotated key of its own in the data stack', () => {
    expect(keyId).toMatch(/^Envelope/);
    data.hasResource('AWS::KMS::Key', { DeletionPolicy: 'Retain', Properties: { EnableKeyRotation: true, Description: 'Chartside envelope encryption: wraps the data keys of encrypted resources and files' } });
  });

  it('is named to every function, so each one’s configuration parses', () => {
    const functions = Object.values(appTemplate.findResources('AWS::Lambda::Function')).filter((fn) => fn.Properties.Environment?.Variables?.TABLE_NAME);
    expect(functions.length).toBeGreaterThan(3);
    for (const fn of functions) expect(JSON.stringify(fn.Properties.Environment.Variables.DATA_ENCRYPTION_KEY_ARN)).toContain(keyId);
  });

  it("may be used by exactly the HTTP API's files group (GenerateDataKey, Decrypt) and the chat reply function (Decrypt)", () => {
    const users = Object.entries(appTemplate.findResources('AWS::IAM::ManagedPolicy')).flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Statement[])
        .filter((statement) => JSON.stringify(statement.Resource).includes(keyId!))
        .map((statement) => [id.replace(/Policy[0-9A-F]{8}$/, ''), [statement.Action].flat()]),
    );
    expect(users).toEqual([
      [expect.stringMatching(/^ModelsChatReply/), ['kms:Decrypt']],
      [expect.stringMatching(/^HttpApiFilesHandler/), ['kms:Decrypt', 'kms:GenerateDataKey']],
    ]);
  });
});
