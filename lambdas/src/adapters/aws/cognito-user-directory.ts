import { CognitoIdentityProviderClient, GetUserCommand, GlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { UserDirectory } from '../../ports/user-directory';

/** Reads and signs out the user with their own access token: no IAM permission needed. */
export const cognitoUserDirectory = (client: CognitoIdentityProviderClient): UserDirectory => ({
  async emailOf(accessToken) {
    const { UserAttributes = [] } = await client.send(new GetUserCommand({ AccessToken: accessToken }));
    return UserAttributes.find((a) => a.Name === 'email')?.Value ?? '';
  },
  async globalSignOut(accessToken) {
    await client.send(new GlobalSignOutCommand({ AccessToken: accessToken }));
  },
});
