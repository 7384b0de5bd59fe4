import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { groupsOf, signInIdOf, type TokenVerifier } from '../../ports/token-verifier';

/** Verifies Cognito access tokens against the user pool's published keys. */
export const cognitoTokenVerifier = (userPoolId: string, clientId: string): TokenVerifier => {
  const verifier = CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: 'access' });
  return {
    async verify(accessToken) {
      const payload = await verifier.verify(accessToken);
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
