import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { UserDirectory } from '../../ports/user-directory';

/** Reads the user's own attributes with their access token: no IAM permission needed. */
export const cognitoUserDirectory = (client: CognitoIdentityProviderClient): UserDirectory => ({
  async emailOf(accessToken) {
    const { UserAttributes = [] } = await client.send(new GetUserCommand({ AccessToken: accessToken }));
    return UserAttributes.find((a) => a.Name === 'email')?.Value ?? '';
  },
});
