// The client half of Cognito's SRP sign-in (what Amplify computes in the browser), for tests that drive USER_SRP_AUTH
// through Cognito's API without a browser. The math is the local runtime's own (cognito-srp.ts).
import { randomBytes } from 'node:crypto';
import { N, claimSignature, derivedKey, g, hashOfHex, k, modPow, paddedHex, privateKey } from '../../infra/local/src/cognito-srp';

export const srpClient = (userPoolId: string) => {
  const poolName = userPoolId.split('_')[1] ?? '';
  const a = BigInt(`0x${randomBytes(32).toString('hex')}`);
  const A = modPow(g, a, N);
  return {
    srpA: A.toString(16),
    /** The PASSWORD_VERIFIER answer to the challenge parameters InitiateAuth returned. */
    answer(parameters: Record<string, string>, password: string) {
      const userId = parameters.USER_ID_FOR_SRP ?? '';
      const secretBlock = parameters.SECRET_BLOCK ?? '';
      const B = BigInt(`0x${parameters.SRP_B}`);
      const u = hashOfHex(paddedHex(A) + paddedHex(B));
      const x = privateKey(poolName, userId, password, BigInt(`0x${parameters.SALT}`));
      const base = (((B - k * modPow(g, x, N)) % N) + N) % N;
      const S = modPow(base, a + u * x, N);
      const timestamp = new Date().toUTCString();
      return {
        USERNAME: userId,
        PASSWORD_CLAIM_SECRET_BLOCK: secretBlock,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: claimSignature(derivedKey(S, u), poolName, userId, secretBlock, timestamp),
      };
    },
  };
};
