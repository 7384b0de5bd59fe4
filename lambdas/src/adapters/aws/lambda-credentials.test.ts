import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultProvider } from './lambda-credentials';

afterEach(() => vi.unstubAllEnvs());

const lambdaEnvironment = () => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'ASIAROLEKEY');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'role-secret');
  vi.stubEnv('AWS_SESSION_TOKEN', 'role-session-token');
};

describe('the credentials of a Lambda bundle', () => {
  it('are the role credentials Lambda puts in the environment', async () => {
    lambdaEnvironment();
    await expect(defaultProvider()()).resolves.toMatchObject({ accessKeyId: 'ASIAROLEKEY', secretAccessKey: 'role-secret', sessionToken: 'role-session-token' });
  });

  it('sign the requests of an SDK client that takes them as its default chain, as the alias makes every client do', async () => {
    lambdaEnvironment();
    let headers: IncomingHttpHeaders = {};
    const server = createServer((request, response) => {
      headers = request.headers;
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ SecretString: '{}' })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = new SecretsManagerClient({ endpoint, region: 'eu-west-1', credentialDefaultProvider: defaultProvider });
      await client.send(new GetSecretValueCommand({ SecretId: 'push' }));
      expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=ASIAROLEKEY\/\d{8}\/eu-west-1\/secretsmanager\//);
      expect(headers['x-amz-security-token']).toBe('role-session-token');
    } finally {
      server.close();
    }
  });

  it('fail with the SDK error when the environment has none', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    await expect(defaultProvider()()).rejects.toThrow(/Unable to find environment variable credentials/);
  });
});
