// cognito-local, in-process, its data under the data folder, served on our own origin at /cognito.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import pino from 'pino';
import { DefaultConfig, type Config } from 'cognito-local/lib/server/config';
import { Router } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { ConsoleMessageSender } from 'cognito-local/lib/services/messageDelivery/consoleMessageSender';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import AWS from 'aws-sdk';
import type { RequestListener } from 'node:http';
import { installCognitoShims, withOriginJti } from './cognito-shims';
import { localAws } from './settings';

export const POOL_NAME = 'chartside';
export const CLIENT_NAME = 'chartside-web';

export interface CognitoLocal {
  /** Express app answering Cognito's JSON API and the JWKS; mounted under /cognito. */
  handler: RequestListener;
  issuer: (userPoolId: string) => string;
}

/** Like cognito-local's createDefaultServer, but with its files in our data folder instead of ./.cognito. */
export const createCognitoLocal = async (dataDir: string, issuerBase: string, logLevel: string): Promise<CognitoLocal> => {
  installCognitoShims();
  const directory = path.join(dataDir, 'cognito');
  mkdirSync(path.join(directory, 'db'), { recursive: true });
  const logger = pino({ level: logLevel === 'DEBUG' ? 'debug' : 'warn' });
  const ctx = { logger };
  const config: Config = {
    ...DefaultConfig,
    TokenConfig: { IssuerDomain: issuerBase },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(path.join(directory, 'db'));
  const cognito = await new CognitoServiceFactoryImpl(
    path.join(directory, 'db'),
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(clock, cognito, new LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)), new CryptoService(config.KMSConfig));
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(new ConsoleMessageSender())),
    otp,
    tokenGenerator: withOriginJti(new JwtTokenGenerator(clock, triggers, config.TokenConfig)),
    triggers,
  };
  const server = createServer(Router(services), logger, { development: false }, services);
  return { handler: server.application as RequestListener, issuer: (userPoolId) => `${issuerBase}/${userPoolId}` };
};

export const cognitoClient = (endpoint: string) =>
  new CognitoIdentityProviderClient({ endpoint, region: localAws.region, credentials: localAws.credentials, maxAttempts: 1 });

/** Finds the pool and SPA client by name, creating them on first start. */
export const ensureUserPool = async (client: CognitoIdentityProviderClient, mfa: 'optional' | 'required') => {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        MfaConfiguration: mfa === 'required' ? 'ON' : 'OPTIONAL',
        Policies: { PasswordPolicy: { MinimumLength: 12, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: false } },
      }),
    );
    userPoolId = created.UserPool?.Id;
  }
  if (!userPoolId) throw new Error('Could not create the local user pool');
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    userPoolClientId = created.UserPoolClient?.ClientId;
  }
  if (!userPoolClientId) throw new Error('Could not create the local user pool client');
  return { userPoolId, userPoolClientId };
};
