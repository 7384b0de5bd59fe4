// Starts everything `npm start` runs: the emulators, the API, the WebSocket gateway and the web app, on one origin.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { getRequestListener } from '@hono/node-server';
import type { RuntimeConfig } from '@chartside/shared';
import { createApp } from '@chartside/lambdas/http/app';
import { allRouters, withApiDocument } from '@chartside/lambdas/http/groups/all';
import { cognitoClient, createCognitoLocal, ensureUserPool } from './cognito-local';
import { composeLocal } from './compose';
import { ensureAuditTable, ensureTable, startDynamoDbLocal } from './dynamodb-local';
import { startSearchIndexing } from './local-search';
import type { StreamPoller } from './stream-poller';
import { scheduleFeedRefresh } from './feed-schedule';
import { createRealtimeGateway, type RealtimeGateway } from './realtime-gateway';
import { scheduleNightlyBackup } from './nightly-backup';
import { startS3Local } from './s3-local';
import { localSpeech, TRANSCRIPTION_PATH } from './speech';
import { createTranscriptionSocket, type TranscriptionSocket } from './transcription-socket';
import { localAws, type LocalSettings } from './settings';
import { seedSample } from './sample/seed-sample';
import { addUser } from './users';
import { localSecurityHeaders, serveBuiltWeb, serveDevWeb, type WebApp } from './web-app';

export interface LocalRuntime {
  url: string;
  demo: { email: string; password: string; created: boolean };
  /** The dictation engine's name, or why there is none. */
  dictation: string;
  stop(): Promise<void>;
}

const COGNITO_PREFIX = '/cognito';

/** The demo clinician's credentials, made once per data folder and kept there. */
const demoCredentials = (settings: LocalSettings) => {
  const file = path.join(settings.dataDir, 'demo-user.json');
  if (existsSync(file)) return { ...(JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string }), created: false, file };
  return { email: settings.DEMO_EMAIL, password: `Demo-${randomBytes(9).toString('base64url')}7a`, created: true, file };
};

export const startLocalRuntime = async (settings: LocalSettings): Promise<LocalRuntime> => {
  mkdirSync(settings.dataDir, { recursive: true });
  const origin = `http://localhost:${settings.PORT}`;
  const stops: (() => Promise<void> | void)[] = [];
  // Requests stop first, so none reaches a part that is closing (the search index, the table); then the rest, newest first.
  let closeServer = async () => {};
  const stop = async () => {
    await closeServer();
    for (const step of stops.reverse()) await step();
  };

  try {
    const [dynamodb, s3, speech] = await Promise.all([startDynamoDbLocal(settings.dataDir, settings.DYNAMODB_LOCAL_PORT, settings.DYNAMODB_LOCAL_JIT), startS3Local(settings.dataDir), localSpeech(settings)]);
    stops.push(() => dynamodb.stop(), () => s3.close());
    const cognitoLocal = await createCognitoLocal(settings.dataDir, `${origin}${COGNITO_PREFIX}`, settings.LOG_LEVEL);

    // The server starts first with the emulators mounted, so Cognito can be set up through its own API.
    // Filled in as each part comes up; until then the server answers 503.
    const mounted: {
      app?: ReturnType<typeof getRequestListener>;
      web?: WebApp;
      gateway?: RealtimeGateway;
      searchIndexing?: StreamPoller;
      transcription?: TranscriptionSocket;
      config?: Omit<RuntimeConfig, 'userPoolEndpoint' | 'wsUrl'>;
    } = {};

    const server = http.createServer((request, response) => {
      const url = request.url ?? '/';
      if (url === COGNITO_PREFIX || url.startsWith(`${COGNITO_PREFIX}/`)) {
        request.url = url.slice(COGNITO_PREFIX.length) || '/';
        cognitoLocal.handler(request, response);
      } else if (url.startsWith('/@connections/') && mounted.gateway) {
        mounted.gateway.handleManagement(request, response);
      } else if ((url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) && mounted.app) {
        // A write may have changed a resource: search follows the table's stream now, not at its next idle poll.
        if (request.method !== 'GET' && request.method !== 'HEAD') response.once('finish', () => mounted.searchIndexing?.nudge());
        void mounted.app(request, response);
      } else if (url === '/config.json' && mounted.config) {
        const host = request.headers.host ?? `localhost:${settings.PORT}`;
        const body: RuntimeConfig = { ...mounted.config, userPoolEndpoint: `http://${host}${COGNITO_PREFIX}`, wsUrl: `ws://${host}/ws` };
        response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(JSON.stringify(body));
      } else if (mounted.web) {
        mounted.web.handle(request, response);
      } else {
        response.writeHead(503, { 'retry-after': '1' }).end('Starting');
      }
    });
    server.on('upgrade', (request, socket, head) => {
      // Node leaves an upgrading socket without an error listener, and the handshake is checked asynchronously: a client
      // gone meanwhile (a tab closed, a reset) would raise an unhandled 'error' and stop the whole runtime.
      socket.on('error', () => socket.destroy());
      const path = request.url?.split('?')[0];
      if (request.url?.startsWith('/ws') && mounted.gateway) mounted.gateway.handleUpgrade(request, socket, head);
      else if (path === TRANSCRIPTION_PATH && mounted.transcription) mounted.transcription.handleUpgrade(request, socket, head);
      else if (settings.WEB_MODE !== 'dev') socket.destroy(); // in dev, Vite's hot-reload socket answers the rest
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.PORT, () => resolve());
    });
    closeServer = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });

    await ensureTable(dynamodb.endpoint);
    await ensureAuditTable(dynamodb.endpoint);
    // Where this runtime's emulators listen, for tools and tests that look at the data directly.
    writeFileSync(
      path.join(settings.dataDir, 'endpoints.json'),
      JSON.stringify({ dynamodb: dynamodb.endpoint, tableName: localAws.tableName, s3: s3.endpoint, backupsBucket: localAws.backupsBucket }, null, 2),
    );
    const cognitoEndpoint = `${origin}${COGNITO_PREFIX}`;
    const pool = await ensureUserPool(cognitoClient(cognitoEndpoint), settings.MFA);
    const endpoints = { origin, dynamodb: settings.DYNAMODB_API_ENDPOINT ?? dynamodb.endpoint, s3: s3.endpoint, cognito: cognitoEndpoint, ...pool, issuer: cognitoLocal.issuer(pool.userPoolId) };

    const composed = composeLocal(
      settings,
      endpoints,
      {
        realtime: async () => ({ ok: Boolean(mounted.gateway) }),
        web: async () => ({ ok: Boolean(mounted.web) }),
      },
      speech,
    );
    stops.push(() => composed.indexer.search.close());
    // Every FEED_REFRESH_HOURS, as the cloud's EventBridge schedule does.
    const feedRefresh = scheduleFeedRefresh(composed.feed);
    stops.push(() => feedRefresh.stop());
    const nightlyBackup = scheduleNightlyBackup(composed.userBackups, { timeUtc: settings.BACKUP_TIME_UTC, retentionDays: settings.BACKUP_RETENTION_DAYS });
    stops.push(() => nightlyBackup.stop());
    const searchIndexing = await startSearchIndexing({ dataDir: settings.dataDir, dynamodbEndpoint: dynamodb.endpoint, table: composed.table, indexer: composed.indexer });
    stops.push(() => searchIndexing.stop());
    mounted.searchIndexing = searchIndexing;
    const gateway = createRealtimeGateway(composed.realtime);
    mounted.gateway = gateway;
    stops.push(() => gateway.close());
    const transcription = createTranscriptionSocket(composed.transcription);
    mounted.transcription = transcription;
    stops.push(() => transcription.close());
    const web = settings.WEB_MODE === 'dev' ? await serveDevWeb(settings.repoRoot, server) : serveBuiltWeb(settings, localSecurityHeaders(s3.endpoint));
    mounted.web = web;
    stops.push(() => web.close());
    mounted.app = getRequestListener(createApp(composed.http, (hook) => withApiDocument(allRouters(composed.http, hook))).fetch);
    mounted.config = { region: 'us-east-1', userPoolId: pool.userPoolId, userPoolClientId: pool.userPoolClientId, apiUrl: '/api', mfa: settings.MFA };

    const demo = demoCredentials(settings);
    if (demo.created) {
      const { userId } = await addUser({ client: composed.cognito, ...pool }, { email: demo.email, password: demo.password });
      await seedSample(composed.http, { userId, email: demo.email });
      writeFileSync(demo.file, JSON.stringify({ email: demo.email, password: demo.password }, null, 2), { mode: 0o600 });
    }
    const dictation = speech.engine ? speech.engine.name : speech.problem;
    return { url: origin, demo: { email: demo.email, password: demo.password, created: demo.created }, dictation, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
