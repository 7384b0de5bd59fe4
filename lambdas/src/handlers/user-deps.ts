// The user's record and their account in the user pool (an email, a global sign-out), for the HTTP API's groups that
// read them (the core, the files and the backups groups).
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoUserDirectory } from '../adapters/aws/cognito-user-directory';
import { UserRepository } from '../data/user-repository';
import { systemClock } from '../ports/clock';
import { table } from './base-deps';

export const userDeps = {
  users: new UserRepository(table, systemClock),
  userDirectory: cognitoUserDirectory(new CognitoIdentityProviderClient({})),
};
