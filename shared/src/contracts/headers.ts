// Request headers the web app and the API agree on. Kept apart from the contracts' schemas: the web app's API client,
// on its first screen, needs these names and no zod.

/** Header carrying the browser's session id on every API request. */
export const sessionIdHeader = 'x-session-id';

/** Header on HTTP requests naming the tab that made a change. */
export const clientIdHeader = 'x-client-id';
