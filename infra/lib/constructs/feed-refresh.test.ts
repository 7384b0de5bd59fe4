import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionDefaults, statementsOf, stubSources, testStack } from '../testing';
import { Data } from './data';
import { FeedRefresh } from './feed-refresh';
import { Realtime } from './realtime';

describe('FeedRefresh', () => {
  let template: Template;
  beforeAll(() => {
    const stack = testStack();
    const data = new Data(stack, 'Data');
    const defaults = functionDefaults(stubSources({ webDist: false }), data);
    const realtime = new Realtime(stack, 'Realtime', { defaults, data, logKey: data.key, accessLogs: false });
    new FeedRefresh(stack, 'Feed', { defaults, data, realtime, contactEmail: 'ops@example.org' });
    template = Template.fromStack(stack);
  });

  it('runs the refresh function every 6 hours from an EventBridge Scheduler schedule, retried', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(6 hours)',
      State: 'ENABLED',
      Target: {
        Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^FeedHandlerFunction'), 'Arn'] },
        RoleArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^FeedScheduleRole'), 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
      },
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 1, MaximumEventAgeInSeconds: 3600 });
  });

  it('gives the function 15 minutes, the WebSocket endpoint and the contact address', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Timeout: 900,
      MemorySize: 1024,
      Description: Match.stringLikeRegexp('feed refresh'),
      Environment: { Variables: Match.objectLike({ TABLE_NAME: 'table', WS_MANAGEMENT_ENDPOINT: Match.anyValue(), ARTICLE_CONTACT_EMAIL: 'ops@example.org' }) },
    });
  });

  it('lets the schedule invoke only this function', () => {
    const statements = statementsOf(template, 'FeedSchedulePolicy');
    expect(statements).toEqual([
      expect.objectContaining({ Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [expect.stringMatching(/^FeedHandlerFunction/), 'Arn'] } }),
    ]);
  });

  it('lets the function read and write the table by key only, use the key through DynamoDB, and post to connections', () => {
    const statements = statementsOf(template, 'FeedHandlerPolicy');
    const actions = statements.flatMap((s) => [s.Action].flat());
    const table = statements.find((s) => [s.Action].flat().includes('dynamodb:Query'));
    expect([table?.Action].flat().sort()).toEqual(['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query']);
    expect(JSON.stringify(table?.Resource)).toMatch(/index\/gsi1/);
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions).not.toContain('dynamodb:UpdateItem');
    expect(statements).toContainEqual(
      expect.objectContaining({ Action: expect.arrayContaining(['kms:Decrypt', 'kms:GenerateDataKey']), Condition: { StringEquals: { 'kms:ViaService': 'dynamodb.us-east-1.amazonaws.com' } } }),
    );
    expect(actions).toContain('execute-api:ManageConnections');
    expect(actions.filter((a) => a.startsWith('s3:'))).toEqual([]);
  });
});
