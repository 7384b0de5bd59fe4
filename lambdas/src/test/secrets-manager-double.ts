// Test-only: a stand-in for AWS Secrets Manager, speaking its JSON protocol (POST /, `X-Amz-Target:
// secretsmanager.<Action>`, application/x-amz-json-1.1) for GetSecretValue and PutSecretValue on secrets it was started
// with. Like Secrets Manager it refuses a secret it does not hold (ResourceNotFoundException).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SecretsManagerDouble {
  url: string;
  /** The current value of each secret, by ARN. */
  secrets: Map<string, string>;
  /** The actions called, in order. */
  calls: string[];
  close(): Promise<void>;
}

export const startSecretsManagerDouble = async (initial: Record<string, string>): Promise<SecretsManagerDouble> => {
  const secrets = new Map(Object.entries(initial));
  const calls: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const action = String(request.headers['x-amz-target'] ?? '').replace(/^secretsmanager\./, '');
      calls.push(action);
      const input = JSON.parse(body || '{}') as { SecretId?: string; SecretString?: string };
      const answer = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(json));
      const arn = input.SecretId ?? '';
      if (!secrets.has(arn)) return answer(400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." });
      if (action === 'GetSecretValue') return answer(200, { ARN: arn, Name: arn.split(':').pop(), SecretString: secrets.get(arn), VersionId: randomUUID(), CreatedDate: Date.now() / 1000 });
      if (action === 'PutSecretValue') {
        secrets.set(arn, input.SecretString ?? '');
        return answer(200, { ARN: arn, Name: arn.split(':').pop(), VersionId: randomUUID(), VersionStages: ['AWSCURRENT'] });
      }
      return answer(400, { __type: 'InvalidRequestException', message: `${action} is not supported by this double.` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secrets,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
