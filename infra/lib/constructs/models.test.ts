import { ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { functionDefaults, stubSources, testStack } from '../testing';
import { Data } from './data';
import { Files } from './files';
import { Models, type BedrockModels } from './models';
import { Realtime } from './realtime';

const synth = (models: BedrockModels) => {
  const stack = testStack();
  const paths = stubSources({ webDist: false });
  const data = new Data(stack, 'Data');
  const defaults = functionDefaults(paths, data);
  const logKey = new Key(stack, 'LogKey');
  const files = new Files(stack, 'Files', { bucketName: 'files-bucket', key: new Key(stack, 'FilesKey'), webOrigins: ['https://app.example.org'] });
  const realtime = new Realtime(stack, 'Realtime', { defaults, data, logKey, accessLogs: false });
  const construct = new Models(stack, 'Models', { defaults, data, files, realtime, models, dailyTokens: 100_000 });
  construct.grantHttpApi(new ManagedPolicy(stack, 'HttpPolicy', { statements: [] }));
  construct.grantLibrary(new ManagedPolicy(stack, 'LibraryPolicy', { statements: [] }));
  return Template.fromStack(stack);
};

const policy = (template: Template, prefix: string) =>
  JSON.stringify(Object.entries(template.findResources('AWS::IAM::ManagedPolicy')).find(([id]) => id.startsWith(prefix))?.[1]);

const nova = { fast: 'amazon.nova-lite-v1:0', slow: 'amazon.nova-pro-v1:0', vision: 'amazon.nova-lite-v1:0', extraction: 'amazon.nova-micro-v1:0' };

describe('Models', () => {
  it('streams chat replies from a function invoked asynchronously, never retried, with the models in its environment', () => {
    const template = synth(nova);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Chartside chat replies: Bedrock ConverseStream to the WebSocket API',
      Timeout: 300,
      Environment: { Variables: { BEDROCK_MODEL_FAST: 'amazon.nova-lite-v1:0', BEDROCK_MODEL_SLOW: 'amazon.nova-pro-v1:0', AI_DAILY_TOKENS: '100000' } },
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 0 });
  });

  it('lets the reply function stream exactly the Fast and Slow models, and post to connections', () => {
    const replies = policy(synth(nova), 'ModelsChatReplyPolicy');
    expect(replies).toContain('bedrock:InvokeModelWithResponseStream');
    expect(replies).toContain('foundation-model/amazon.nova-lite-v1:0');
    expect(replies).toContain('foundation-model/amazon.nova-pro-v1:0');
    expect(replies).not.toContain('amazon.nova-micro-v1:0');
    expect(replies).not.toContain('"bedrock:*"');
    expect(replies).toContain('execute-api:ManageConnections');
    expect(replies).toContain('s3:GetObject');
    expect(replies).not.toContain('s3:PutObject');
  });

  it("lets the HTTP API's AI group start replies and call exactly the vision and extraction models, and its search group the Fast one", () => {
    const template = synth({ ...nova, fast: 'amazon.titan-text-express-v1' });
    const http = policy(template, 'HttpPolicy');
    expect(http).toContain('lambda:InvokeFunction');
    expect(http).toContain('bedrock:InvokeModel"');
    expect(http).toContain('foundation-model/amazon.nova-lite-v1:0');
    expect(http).toContain('foundation-model/amazon.nova-micro-v1:0');
    expect(http).not.toContain('amazon.titan-text-express-v1');
    expect(http).not.toContain('amazon.nova-pro-v1:0');
    const library = policy(template, 'LibraryPolicy');
    expect(library).toContain('foundation-model/amazon.titan-text-express-v1');
    expect(library).not.toContain('lambda:InvokeFunction');
    expect(library).not.toContain('amazon.nova-lite-v1:0');
  });

  it('grants an inference profile and the model it routes to', () => {
    const replies = policy(synth({ ...nova, slow: 'us.anthropic.claude-sonnet-4-20250514-v1:0' }), 'ModelsChatReplyPolicy');
    expect(replies).toContain('inference-profile/us.anthropic.claude-sonnet-4-20250514-v1:0');
    expect(replies).toContain('bedrock:*::foundation-model/anthropic.claude-sonnet-4-20250514-v1:0');
  });
});
