// USER_SRP_AUTH for cognito-local, which lacks it: the server half of Cognito's SRP-6a variant, so the web app signs in
// locally exactly as it does against Cognito, without the password leaving the browser. The emulator stores plain
// passwords, so the verifier is derived on the fly; the password check itself is left to its USER_PASSWORD_AUTH flow.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

// RFC 5054's 3072-bit group, as Cognito uses it.
export const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245' +
    'E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9' +
    'DE2BCBF6955817183995497CEA956AE515D2261898FA051015728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200CBBE117577A615D6C770988C0BAD946E208E24FA074E5AB31' +
    '43DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
export const g = 2n;

/** Hex of a positive integer, even length, with 00 in front when the top bit is set (Cognito's padding). */
export const paddedHex = (n: bigint) => {
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
};
const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
export const hashOfHex = (hex: string) => BigInt(`0x${sha256Hex(Buffer.from(hex, 'hex'))}`);
const randomBigInt = (bytes: number) => BigInt(`0x${randomBytes(bytes).toString('hex')}`);

export const modPow = (base: bigint, exponent: bigint, modulus: bigint) => {
  let result = 1n;
  let b = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
};

export const k = hashOfHex(paddedHex(N) + paddedHex(g));

/** x = H(salt | H(poolName | userId | ":" | password)), as Cognito's clients compute it. */
export const privateKey = (poolName: string, userId: string, password: string, salt: bigint) =>
  hashOfHex(paddedHex(salt) + sha256Hex(`${poolName}${userId}:${password}`));

/** The 16-byte key both sides derive from the shared secret S and the scrambler u. */
export const derivedKey = (S: bigint, u: bigint) => {
  const prk = createHmac('sha256', Buffer.from(paddedHex(u), 'hex')).update(Buffer.from(paddedHex(S), 'hex')).digest();
  return createHmac('sha256', prk).update(Buffer.concat([Buffer.from('Caldera Derived Key'), Buffer.from([1])])).digest().subarray(0, 16);
};

export const claimSignature = (key: Buffer, poolName: string, userId: string, secretBlock: string, timestamp: string) =>
  createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(poolName), Buffer.from(userId), Buffer.from(secretBlock, 'base64'), Buffer.from(timestamp)]))
    .digest('base64');

interface PendingChallenge {
  poolName: string;
  userId: string;
  A: bigint;
  B: bigint;
  b: bigint;
  v: bigint;
  expires: number;
}

const CHALLENGE_TTL_MS = 5 * 60_000;

/** Server state between the two SRP steps, keyed by the secret block handed to the client. */
export class SrpChallenges {
  private readonly pending = new Map<string, PendingChallenge>();

  /** Step 1: from the client's A, the parameters of the PASSWORD_VERIFIER challenge. */
  start(options: { userPoolId: string; userId: string; password: string; srpA: string }) {
    const A = BigInt(`0x${options.srpA}`);
    if (A % N === 0n) throw new Error('Invalid SRP_A');
    const poolName = options.userPoolId.split('_')[1] ?? '';
    const salt = randomBigInt(16);
    const v = modPow(g, privateKey(poolName, options.userId, options.password, salt), N);
    const b = randomBigInt(32);
    const B = (k * v + modPow(g, b, N)) % N;
    const secretBlock = randomBytes(64).toString('base64');
    this.sweep();
    this.pending.set(secretBlock, { poolName, userId: options.userId, A, B, b, v, expires: Date.now() + CHALLENGE_TTL_MS });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: { SALT: salt.toString(16), SRP_B: B.toString(16), SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: options.userId, USERNAME: options.userId },
      Session: randomUUID(),
    };
  }

  /** Step 2: true when the client proved it knows the password. Each secret block is good for one answer. */
  verify(answer: { secretBlock: string; timestamp: string; signature: string }): { userId: string } | undefined {
    const challenge = this.pending.get(answer.secretBlock);
    this.pending.delete(answer.secretBlock);
    if (!challenge || challenge.expires < Date.now()) return undefined;
    const { A, B, b, v, poolName, userId } = challenge;
    const u = hashOfHex(paddedHex(A) + paddedHex(B));
    const S = modPow((A * modPow(v, u, N)) % N, b, N);
    const expected = Buffer.from(claimSignature(derivedKey(S, u), poolName, userId, answer.secretBlock, answer.timestamp));
    const given = Buffer.from(answer.signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? { userId } : undefined;
  }

  private sweep() {
    const now = Date.now();
    for (const [key, challenge] of this.pending) if (challenge.expires < now) this.pending.delete(key);
  }
}
