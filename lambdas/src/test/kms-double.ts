// Test-only: a stand-in for AWS KMS, speaking its JSON protocol (POST /, `X-Amz-Target: TrentService.<Action>`,
// application/x-amz-json-1.1) for the two calls the Encryption SDK's KMS keyring makes: GenerateDataKey and Decrypt.
// Point an SDK KMS client at its `url`.
//
// Like KMS, it refuses a key id it does not hold (NotFoundException), and a Decrypt whose EncryptionContext differs
// from the one the data key was generated with, or whose blob it never issued (InvalidCiphertextException). It is a
// double, not a key store: a "wrapped" data key is a random handle into its memory, so nothing outlives it.
//
//   const kms = await startKmsDouble();
//   const client = new KMSClient({ endpoint: kms.url, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
//   ... encrypt with a KMS keyring on kms.keyArn ...
//   expect(kms.calls.map((c) => c.action)).toEqual(['GenerateDataKey', 'Decrypt']);
//   await kms.close();
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface KmsDoubleCall {
  action: string;
  keyId: string | undefined;
  encryptionContext: Record<string, string>;
}

export interface KmsDouble {
  url: string;
  keyArn: string;
  calls: KmsDoubleCall[];
  close(): Promise<void>;
}

interface IssuedKey {
  plaintext: Buffer;
  context: string;
}

const sameContext = (context: Record<string, string> | undefined) =>
  JSON.stringify(Object.entries(context ?? {}).sort(([a], [b]) => a.localeCompare(b)));

export const startKmsDouble = async (region = 'us-east-1'): Promise<KmsDouble> => {
  const keyArn = `arn:aws:kms:${region}:123456789012:key/${crypto.randomUUID()}`;
  const issued = new Map<string, IssuedKey>();
  const calls: KmsDoubleCall[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: object) => {
        const headers: Record<string, string> = { 'content-type': 'application/x-amz-json-1.1' };
        if (status !== 200) headers['x-amzn-errortype'] = (body as { __type: string }).__type;
        response.writeHead(status, headers).end(JSON.stringify(body));
      };
      const fail = (type: string, message: string) => answer(400, { __type: type, message });
      const action = String(request.headers['x-amz-target'] ?? '').replace(/^TrentService\./, '');
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        KeyId?: string;
        EncryptionContext?: Record<string, string>;
        NumberOfBytes?: number;
        CiphertextBlob?: string;
      };
      calls.push({ action, keyId: input.KeyId, encryptionContext: input.EncryptionContext ?? {} });
      if (action === 'GenerateDataKey') {
        if (input.KeyId !== keyArn) return fail('NotFoundException', `Key '${input.KeyId}' does not exist`);
        const plaintext = randomBytes(input.NumberOfBytes ?? 32);
        const handle = randomBytes(48).toString('base64');
        issued.set(handle, { plaintext, context: sameContext(input.EncryptionContext) });
        return answer(200, { KeyId: keyArn, CiphertextBlob: handle, Plaintext: plaintext.toString('base64') });
      }
      if (action === 'Decrypt') {
        const key = issued.get(input.CiphertextBlob ?? '');
        if (input.KeyId !== undefined && input.KeyId !== keyArn) return fail('IncorrectKeyException', 'The key ID in the request does not identify the key used');
        if (!key || key.context !== sameContext(input.EncryptionContext)) return fail('InvalidCiphertextException', '');
        return answer(200, { KeyId: keyArn, Plaintext: key.plaintext.toString('base64'), EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' });
      }
      return fail('UnknownOperationException', `The double does not speak ${action}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keyArn,
    calls,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
};
