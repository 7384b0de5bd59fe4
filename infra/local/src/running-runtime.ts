// What a command-line tool (reindex, backup, restore) needs of the local runtime already running at PORT with its
// DATA_DIR: its settings, its address, the emulators' endpoints, and a user's id from their email. Exits with code 2 and a message
// when no runtime answers there.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RuntimeConfig } from '@chartside/shared';
import { cognitoClient } from './cognito-local';
import { readSettings } from './settings';
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
  return { settings, origin, endpoints, userIdByEmail };
}
