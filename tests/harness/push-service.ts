// A stand-in for a browser vendor's push service (RFC 8030), started by a test: HTTPS with its own self-signed
// certificate (the runtime is told to trust it with NODE_EXTRA_CA_CERTS, as web-push speaks only https), one endpoint
// per subscription under /push/{id}. It accepts what a real push service accepts: a POST with a TTL, an aes128gcm
// encrypted body and a VAPID `Authorization: vapid t=…, k=…` header, answered 201; otherwise 400. A test can make an
// endpoint answer 410 Gone. Also here: a browser-side subscription (a real P-256 key pair and auth secret) and the checks
// a browser and push service make (the VAPID JWT's signature, the payload's decryption).
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** What the double answered. */
  status: number;
}

export interface PushServiceDouble {
  url: string;
  /** The certificate to trust (NODE_EXTRA_CA_CERTS of the runtime). */
  certificatePath: string;
  /** Endpoints answering this status (410, 404, 500…) instead of 201 from now on. */
  answer(id: string, status: number): void;
  received(id: string): ReceivedPush[];
  close(): Promise<void>;
}

const selfSignedCertificate = (dir: string) => {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' });
  return { key, cert };
};

const VAPID_HEADER = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/;

export const startPushService = async (): Promise<PushServiceDouble> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chartside-push-'));
  const files = selfSignedCertificate(dir);
  const answers = new Map<string, number>();
  const pushes = new Map<string, ReceivedPush[]>();

  const server = https.createServer({ key: readFileSync(files.key), cert: readFileSync(files.cert) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const wellFormed =
        request.method === 'POST' &&
        request.headers['content-encoding'] === 'aes128gcm' &&
        /^\d+$/.test(String(request.headers.ttl ?? '')) &&
        VAPID_HEADER.test(String(request.headers.authorization ?? ''));
      const status = !id ? 404 : !wellFormed ? 400 : (answers.get(id) ?? 201);
      if (id) pushes.set(id, [...(pushes.get(id) ?? []), { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks), status }]);
      response.writeHead(status, status === 201 ? { location: `/message/${randomBytes(8).toString('hex')}` } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    certificatePath: files.cert,
    answer: (id, status) => void answers.set(id, status),
    received: (id) => pushes.get(id) ?? [],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** What a browser's pushManager.subscribe() makes: a P-256 key pair and a 16-byte auth secret, and the JSON it sends. */
export interface BrowserSubscription {
  ecdh: ECDH;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export const browserSubscription = (endpoint: string): BrowserSubscription => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, json: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } } };
};

/** The payload as the browser decrypts it (RFC 8291, aes128gcm). */
export const decryptPush = (push: ReceivedPush, subscription: BrowserSubscription): string =>
  decrypt(push.body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.json.keys.auth }).toString('utf8');

/** The VAPID claims, after checking the JWT's ES256 signature against `k` (RFC 8292), as a push service does. */
export const verifiedVapid = (push: ReceivedPush): { publicKey: string; claims: { aud: string; exp: number; sub: string } } => {
  const [, token, publicKey] = VAPID_HEADER.exec(String(push.headers.authorization)) ?? [];
  const [header, claims, signature] = token!.split('.') as [string, string, string];
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  const point = Buffer.from(publicKey!, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('VAPID JWT signature does not verify');
  return { publicKey: publicKey!, claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string } };
};
