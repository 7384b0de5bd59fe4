// The HTTP app's wiring through app.request(): no server, no port. Every case here is answered before any data is
// read, so the repository points at a table that does not exist and is never reached.
import { AuditTrailRepository } from '../data/audit-trail';
import { gunzipSync } from 'node:zlib';
import { handle } from 'hono/aws-lambda';
import { describe, expect, it } from 'vitest';
import { unknownLocation } from '@chartside/shared';
import { BackupRepository } from '../data/backup-repository';
import { AdmissionRepository } from '../data/admission-repository';
import { ChatRepository } from '../data/chat-repository';
import { ConnectionRepository } from '../data/connection-repository';
import { DocumentRepository } from '../data/document-repository';
import { FeedRepository } from '../data/feed-repository';
import { FeedbackRepository } from '../data/feedback-repository';
import { PushDeviceRepository } from '../data/push-device-repository';
import { FileReferenceRepository } from '../data/file-references';
import { PatientRepository } from '../data/patient-repository';
import { ResourceRepository } from '../data/resource-repository';
import { SessionRepository } from '../data/session-repository';
import { TaggedItemRepository } from '../data/tagged-item-repository';
import { UserRepository } from '../data/user-repository';
import { S3Client } from '@aws-sdk/client-s3';
import { fetchArticleMetadata } from '../adapters/articles/fetch-article-metadata';
import { fetchPdf } from '../adapters/articles/fetch-pdf';
import { documentTable } from '../adapters/aws/dynamodb';
import { createLogger } from '../adapters/aws/logger';
import { encryptionSdkCipher, rawAesKeyring } from '../adapters/envelope/encryption-sdk-cipher';
import { s3BackupStore } from '../adapters/aws/s3-backup-store';
import { s3FileStore } from '../adapters/aws/s3-file-store';
import { s3FileManifest } from '../adapters/aws/s3-list';
import { jwksTokenVerifier } from '../adapters/local/jwks-token-verifier';
import { openSqliteSearchIndex } from '../adapters/local/sqlite-search-index';
import { createPublicWeb } from '../adapters/public-web/public-web';
import { unavailableTranscriptionSessions } from '../adapters/unavailable-transcription-sessions';
import { systemClock } from '../ports/clock';
import { createSigningKey, testClientId, testIssuer } from '../test/signing-key';
import { createBroadcast } from '../ws/broadcast';
import { RealtimeTicketRepository } from '../data/realtime-ticket-repository';
import { createApp } from './app';
import type { HttpDeps } from './deps';
import { allRouters, groupRoutes, routeGroups, withApiDocument, type RouteGroupName } from './groups/all';

const key = createSigningKey();
const table = documentTable('unreachable', { endpoint: 'http://127.0.0.1:9', region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 });
const logger = createLogger('SILENT');
const web = createPublicWeb({ contactEmail: 'never@called', allowPrivateHosts: false });
const deps: HttpDeps = {
  users: new UserRepository(table, systemClock),
  sessions: new SessionRepository(table),
  backups: new BackupRepository(table),
  feed: new FeedRepository(table),
  feedback: new FeedbackRepository(table),
  pushDevices: new PushDeviceRepository(table),
  taggedItems: new TaggedItemRepository(table),
  resources: new ResourceRepository(table),
  patients: new PatientRepository(table),
  chats: new ChatRepository(table),
  documents: new DocumentRepository(table),
  fileReferences: new FileReferenceRepository(table),
  admissions: new AdmissionRepository(table),
  realtimeTickets: new RealtimeTicketRepository(table, systemClock),
  tokenVerifier: jwksTokenVerifier({ issuer: testIssuer, clientId: testClientId, jwks: key.jwks }),
  userDirectory: { emailOf: async () => 'never@called', globalSignOut: async () => undefined },
  broadcast: createBroadcast({ connections: new ConnectionRepository(table, systemClock), poster: { post: async () => 'sent' }, logger }),
  geo: { locate: async () => unknownLocation },
  clientIp: () => '',
  clock: systemClock,
  health: async () => ({ status: 'ok', dependencies: {} }),
  logger,
  fileStore: s3FileStore(new S3Client({ endpoint: 'http://127.0.0.1:9', region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 }), 'unreachable'),
  userBackups: {
    table,
    backups: s3BackupStore(new S3Client({ endpoint: 'http://127.0.0.1:9', region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 }), 'unreachable'),
    fileManifest: s3FileManifest(new S3Client({ endpoint: 'http://127.0.0.1:9', region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 }), 'unreachable'),
    clock: systemClock,
    logger,
  },
  cipher: encryptionSdkCipher(rawAesKeyring(new Uint8Array(32))),
  articleMetadata: fetchArticleMetadata({
    crossrefUrl: 'http://127.0.0.1:9',
    unpaywallUrl: 'http://127.0.0.1:9',
    contactEmail: 'never@called',
    timeoutMs: 1_000,
    web,
  }),
  pdfFetcher: fetchPdf({ web, timeoutMs: 1_000 }),
  feedRefresher: { refresh: async () => ({ added: 0, sources: [] }) },
  pushPublicKey: undefined,
  search: openSqliteSearchIndex(':memory:'),
  ai: { models: { setUpHint: 'Set OLLAMA_URL.' }, replies: { start: async () => undefined }, dailyTokens: 1_000 },
  transcription: unavailableTranscriptionSessions('Set WHISPER_URL.'),
  speech: undefined,
  audit: { recorder: { record: async () => undefined }, trail: new AuditTrailRepository(table) },
};
const app = createApp(deps, (hook) => withApiDocument(allRouters(deps, hook)));

const token = key.sign({ sub: 'user-1' });
const json = (body: unknown) => ({ method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('createApp', () => {
  it('answers health without a token', async () => {
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
  });

  it.each([['/api/me'], ['/api/anything']])('answers %s without a token with 401 in the error shape', async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: 'Missing bearer token.' } });
  });

  it('refuses invalid input before any data is touched', async () => {
    const response = await app.request('/api/sessions', json({ type: 'public' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'validation_failed', issues: [{ path: 'expirationHours' }] } });
  });

  it.each([['/api/me'], ['/api/sessions'], ['/api/nothing-here']])(
    'asks for a login session on %s before any data is read (the token alone is not enough)',
    async (path) => {
      const response = await app.request(path, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'session_ended', message: expect.stringMatching(/needs a login session/) } });
    },
  );

  it('answers a table it cannot reach with a bare 503 the client tries again, never its details', async () => {
    const response = await app.request('/api/sessions/current', { headers: { authorization: `Bearer ${token}`, 'x-session-id': 'abc' } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: 'unavailable', message: 'The service is busy right now. Try again in a moment.' } });
  });

  it("gzips a read's JSON answer of 1 KB or more for a client that accepts it, also through the Lambda adapter (base64, as API Gateway needs)", async () => {
    const plain = await (await app.request('/api/openapi.json')).text();
    const response = await app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    const compressed = Buffer.from(await response.arrayBuffer());
    expect(gunzipSync(compressed).toString()).toBe(plain);
    expect(compressed.byteLength).toBeLessThan(plain.length / 4);

    const lambda = await handle(app)(
      { version: '2.0', rawPath: '/api/openapi.json', rawQueryString: '', headers: { 'accept-encoding': 'gzip' }, requestContext: { http: { method: 'GET' } } } as never,
      {} as never,
    );
    expect(lambda).toMatchObject({ statusCode: 200, isBase64Encoded: true, headers: { 'content-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from((lambda as { body: string }).body, 'base64')).toString()).toBe(plain);
  });

  it('publishes an OpenAPI 3.1 document with the bearer scheme', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as { openapi: string; paths: Record<string, object>; components: { securitySchemes: object } };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/me', '/api/health', '/api/sessions', '/api/sessions/{sessionId}/sign-out', '/api/tags/rename', '/api/feed/unread-count']),
    );
    expect(doc.components.securitySchemes).toHaveProperty('bearer');
    expect(doc.components.securitySchemes).toHaveProperty('session');
    expect(doc.paths['/api/me']).toMatchObject({ get: { security: [{ bearer: [], session: [] }] } });
    expect(doc.paths['/api/sessions']).toMatchObject({ post: { security: [{ bearer: [] }] } });
    expect(doc.paths['/api/transcription/session']).toMatchObject({ post: { security: [{ bearer: [], session: [] }], responses: { 503: {} } } });
  });
});

describe('the route groups (one function each in the cloud)', () => {
  const groups = Object.keys(routeGroups) as RouteGroupName[];
  const keyOf = ({ method, path }: { method: string; path: string }) => `${method.toUpperCase()} ${path}`;

  it('serve every route of the API from exactly one group, and the OpenAPI document describes each one', async () => {
    const grouped = groups.flatMap((group) => groupRoutes(group).map(keyOf));
    expect(new Set(grouped).size).toBe(grouped.length);
    const served = app.routes.filter((route) => route.method !== 'ALL' && route.path !== '/api/openapi.json').map((route) => keyOf({ method: route.method, path: route.path.replaceAll(/:(\w+)/g, '{$1}') }));
    expect(new Set(grouped)).toEqual(new Set(served));
    const doc = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => keyOf({ method, path })));
    expect(new Set(documented)).toEqual(new Set(grouped));
  });

  it.each(groups)("serves in %s's own app its routes alone", (group) => {
    const own = createApp(deps, (hook) => routeGroups[group](deps, hook));
    const served = own.routes.filter((route) => route.method !== 'ALL').map((route) => keyOf({ method: route.method, path: route.path.replaceAll(/:(\w+)/g, '{$1}') }));
    expect(new Set(served)).toEqual(new Set(groupRoutes(group).map(keyOf)));
  });
});
