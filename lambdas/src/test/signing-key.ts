// A real RSA key pair and JWT signer for tests: tokens are signed and verified with real crypto, like the emulator's.
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Jwks } from 'aws-jwt-verify/jwk';

export const testIssuer = 'http://localhost:9999/cognito/local_test';
export const testClientId = 'test-client';

export const createSigningKey = (kid = 'test-key') => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const jwks = { keys: [jwk] } as unknown as Jwks;
  const sign = (claims: Record<string, unknown>) => {
    const now = Math.floor(Date.now() / 1000);
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ iss: testIssuer, iat: now, exp: now + 3600, jti: randomUUID(), origin_jti: randomUUID(), token_use: 'access', client_id: testClientId, ...claims }),
    ).toString('base64url');
    const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey, 'base64url');
    return `${header}.${payload}.${signature}`;
  };
  return { jwks, sign };
};
