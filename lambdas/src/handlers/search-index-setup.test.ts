// The deploy-time setup handler as CloudFormation's provider calls it, signing real requests to the OpenSearch double.
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenSearchDouble, type OpenSearchDouble } from '../test/opensearch-double';

const env = {
  TABLE_NAME: 'chartside-table',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'secret',
  LOG_LEVEL: 'SILENT',
};

const event = (RequestType: 'Create' | 'Update' | 'Delete') =>
  ({
    RequestType,
    ServiceToken: 'arn:aws:lambda:eu-west-1:123456789012:function:provider',
    ResponseURL: 'https://cloudformation-custom-resource-response.example/',
    StackId: 'arn:aws:cloudformation:eu-west-1:123456789012:stack/ChartsideApp/1',
    RequestId: 'request-1',
    LogicalResourceId: 'SearchIndex',
    ResourceType: 'Custom::SearchIndex',
    ResourceProperties: { ServiceToken: 'arn:aws:lambda:eu-west-1:123456789012:function:provider', index: 'resources' },
    ...(RequestType === 'Create' ? {} : { PhysicalResourceId: 'search-index-resources', OldResourceProperties: {} }),
  }) as CloudFormationCustomResourceEvent;

describe('search-index-setup handler', () => {
  let double: OpenSearchDouble;
  let handler: (event: CloudFormationCustomResourceEvent) => Promise<{ PhysicalResourceId: string }>;
  const saved = { ...process.env };

  beforeAll(async () => {
    double = await startOpenSearchDouble();
    Object.assign(process.env, env, { SEARCH_ENDPOINT: double.url });
    ({ handler } = await import('./search-index-setup'));
  });
  afterAll(async () => {
    process.env = saved;
    await double.close();
  });

  const calls = () => double.requests.splice(0).map((r) => `${r.method} ${r.path}`);

  it('creates the index with its mapping on Create, signed for OpenSearch Service', async () => {
    expect(await handler(event('Create'))).toEqual({ PhysicalResourceId: 'search-index-resources' });
    const signatures = double.requests.map((r) => r.authorization);
    expect(calls()).toEqual(['HEAD /resources', 'PUT /resources']);
    for (const signature of signatures) expect(signature).toMatch(/Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/es\/aws4_request/);
  });

  it('adds to the mapping of the existing index on Update', async () => {
    expect(await handler(event('Update'))).toEqual({ PhysicalResourceId: 'search-index-resources' });
    expect(calls()).toEqual(['HEAD /resources', 'POST /resources/_mapping']);
  });

  it('keeps the index on Delete', async () => {
    expect(await handler(event('Delete'))).toEqual({ PhysicalResourceId: 'search-index-resources' });
    expect(calls()).toEqual([]);
  });
});
