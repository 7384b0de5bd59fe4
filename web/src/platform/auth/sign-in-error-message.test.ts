import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../test/fixtures';
import { signInErrorMessage } from './sign-in-error-message';

describe('signInErrorMessage', () => {
  it.each([
    [cognitoError('NotAuthorizedException', 'Incorrect username or password.'), 'Wrong email or password.'],
    [cognitoError('NotAuthorizedException', 'Password attempts exceeded'), 'Too many attempts. Wait a few minutes, then try again.'],
    [cognitoError('UserNotFoundException'), 'Wrong email or password.'],
    [cognitoError('InvalidPasswordException', 'Invalid password'), 'Wrong email or password.'],
    [cognitoError('TooManyRequestsException'), 'Too many attempts. Wait a few minutes, then try again.'],
    [cognitoError('LimitExceededException'), 'Too many attempts. Wait a few minutes, then try again.'],
    [cognitoError('CodeMismatchException'), 'Wrong code. Enter the current code from your authenticator app.'],
    [cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch'), 'Wrong code. Enter the current code from your authenticator app.'],
    [cognitoError('ExpiredCodeException'), 'That code has expired. Enter the current code from your authenticator app.'],
    [cognitoError('InternalErrorException', 'Cognito is having a bad day'), 'Cognito is having a bad day'],
    [cognitoError('SomethingNew', ''), 'Sign-in failed. Try again.'],
    ['not an error', 'Sign-in failed. Try again.'],
  ])('signInErrorMessage(%o) is %j', (error, want) => expect(signInErrorMessage(error)).toBe(want));
});
