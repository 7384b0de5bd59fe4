import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { groupsOf, signInIdOf, type TokenVerifier } from '../../ports/token-verifier';

/**
 * Verifies the local Cognito emulator's access tokens. CognitoJwtVerifier refuses non-AWS issuers, so this
 * checks the same claims by hand: signature against the emulator's key set (cached, never fetched), issuer,
 * expiry, token use and client.
 */
export const jwksTokenVerifier = (options: { issuer: string; clientId: string; jwks: Jwks }): TokenVerifier => {
  const jwksUri = `${options.issuer}/.well-known/jwks.json`;
  const verifier = JwtRsaVerifier.create({
    issuer: options.issuer,
    jwksUri,
    audience: null,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('Not an access token');
      if (payload.client_id !== options.clientId) throw new Error('Token is for another client');
    },
  });
  verifier.cacheJwks(options.jwks);
  return {
    async verify(accessToken) {
      const payload = await verifier.verify(accessToken);
      if (!payload.sub) throw new Error('Token has no subject');
      return {
        userId: payload.sub,
        accessToken,
        issuedAt: typeof payload.iat === 'number' ? payload.iat : undefined,
        signInId: signInIdOf(payload.origin_jti),
        groups: groupsOf(payload['cognito:groups']),
      };
    },
  };
};
