// What a command-line tool (reindex, backup, restore, users --sample) needs of the local runtime already running at PORT
// with its DATA_DIR: its settings, its address, the emulators' endpoints, a user's id from their email, and clients of its
// table, object store and realtime connections. Exits with code 2 and a message when no runtime answers there.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { S3Client } from '@aws-sdk/client-s3';
import { RuntimeConfig } from '@chartside/shared';
import { apiGatewayConnectionPoster } from '@chartside/lambdas/adapters/aws/api-gateway-connection-poster';
import { documentTable } from '@chartside/lambdas/adapters/aws/dynamodb';
import { createLogger } from '@chartside/lambdas/adapters/aws/logger';
import { ConnectionRepository } from '@chartside/lambdas/data/connection-repository';
import { systemClock } from '@chartside/lambdas/ports/clock';
import { createBroadcast } from '@chartside/lambdas/ws/broadcast';
import { cognitoClient } from './cognito-local';
import { localAws, readSettings } from './settings';
import { listUsers } from './users';

export const failCli = (message: string): never => {
  console.error(message);
  process.exit(2);
};

export async function runningRuntime() {
  const settings = readSettings();
  const origin = `http://localhost:${settings.PORT}`;
  const endpointsFile = path.join(settings.dataDir, 'endpoints.json');
  const response = await fetch(`${origin}/config.json`).catch(() => undefined);
  if (!response?.ok || !existsSync(endpointsFile)) failCli(`No Chartside runtime answers at ${origin} with data in ${settings.dataDir}: start it with \`npm start\` (same PORT and DATA_DIR) first.`);
  const config = RuntimeConfig.parse(await response!.json());
  const endpoints = JSON.parse(readFileSync(endpointsFile, 'utf8')) as { dynamodb: string; s3?: string };

  const userIdByEmail = async (email: string) => {
    const users = await listUsers({ client: cognitoClient(`${origin}/cognito`), userPoolId: config.userPoolId, userPoolClientId: config.userPoolClientId });
    const user = users.find((u) => u.email.toLowerCase() === email.trim().toLowerCase());
    return user?.userId ?? failCli(`No user with the email ${email}.`);
  };
  /** The runtime's table and object store; open devices hear of changes through the runtime's own @connections endpoint. */
  const clients = () => {
    if (!endpoints.s3) return failCli(`The runtime at ${origin} predates its object store endpoint: restart it with \`npm start\`.`);
    const aws = { region: localAws.region, credentials: localAws.credentials };
    const table = documentTable(localAws.tableName, { ...aws, endpoint: endpoints.dynamodb });
    const s3 = new S3Client({ ...aws, endpoint: endpoints.s3, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
    const logger = createLogger('WARN');
    const connections = new ConnectionRepository(table, systemClock);
    const broadcast = createBroadcast({ connections, poster: apiGatewayConnectionPoster(new ApiGatewayManagementApiClient({ ...aws, endpoint: origin })), logger });
    return { table, s3, logger, broadcast };
  };
  return { settings, origin, endpoints, userIdByEmail, clients };
}
