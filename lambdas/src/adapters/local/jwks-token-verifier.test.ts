import { describe, expect, it } from 'vitest';
import { createSigningKey, testClientId, testIssuer } from '../../test/signing-key';
import { jwksTokenVerifier } from './jwks-token-verifier';

const key = createSigningKey();
const verifier = jwksTokenVerifier({ issuer: testIssuer, clientId: testClientId, jwks: key.jwks });

describe('jwksTokenVerifier', () => {
  it('accepts an access token for our client and returns its subject, issue time and sign-in', async () => {
    const token = key.sign({ sub: 'user-1', origin_jti: 'sign-in-1' });
    await expect(verifier.verify(token)).resolves.toEqual({ userId: 'user-1', accessToken: token, issuedAt: expect.any(Number), signInId: 'sign-in-1', groups: [] });
  });

  it("returns the user's Cognito groups", async () => {
    await expect(verifier.verify(key.sign({ sub: 'user-1', 'cognito:groups': ['admin', 7] }))).resolves.toMatchObject({ groups: ['admin'] });
  });

  it.each([
    ['an ID token', { sub: 'u', token_use: 'id' }],
    ['a token for another client', { sub: 'u', client_id: 'other' }],
    ['a token from another issuer', { sub: 'u', iss: 'http://evil.example/pool' }],
    ['an expired token', { sub: 'u', exp: Math.floor(Date.now() / 1000) - 60 }],
    ['a token without subject', { sub: undefined }],
    ['a token without origin_jti (it could not be bound to a session)', { sub: 'u', origin_jti: undefined }],
  ])('refuses %s', async (_what, claims) => {
    await expect(verifier.verify(key.sign(claims))).rejects.toThrow();
  });

  it('refuses a token signed with another key', async () => {
    const stranger = createSigningKey();
    await expect(verifier.verify(stranger.sign({ sub: 'u' }))).rejects.toThrow();
  });

  it('refuses garbage', async () => {
    await expect(verifier.verify('not.a.jwt')).rejects.toThrow();
  });
});
