// A sign-in (or authenticator set-up) failure in words a clinician can act on, chosen by the Cognito (or Amplify) error name.

const messages: Record<string, string> = {
  NotAuthorizedException: 'Wrong email or password.',
  // Same words as a wrong password, so the login page does not reveal which emails have accounts.
  UserNotFoundException: 'Wrong email or password.',
  // cognito-local (the local runtime) answers a wrong password with this instead of NotAuthorizedException.
  InvalidPasswordException: 'Wrong email or password.',
  TooManyRequestsException: 'Too many attempts. Wait a few minutes, then try again.',
  LimitExceededException: 'Too many attempts. Wait a few minutes, then try again.',
  CodeMismatchException: 'Wrong code. Enter the current code from your authenticator app.',
  // Cognito's answer to a wrong first code when an authenticator is being set up.
  EnableSoftwareTokenMFAException: 'Wrong code. Enter the current code from your authenticator app.',
  ExpiredCodeException: 'That code has expired. Enter the current code from your authenticator app.',
  NetworkError: 'Chartside could not reach the sign-in service. Check your connection and try again.',
};

// Cognito reports a locked-out account as NotAuthorizedException with this message.
const ATTEMPTS_EXCEEDED = /attempts exceeded/i;

export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return 'Sign-in failed. Try again.';
  if (error.name === 'NotAuthorizedException' && ATTEMPTS_EXCEEDED.test(error.message)) {
    return messages.TooManyRequestsException ?? error.message;
  }
  return messages[error.name] ?? (error.message || 'Sign-in failed. Try again.');
}
