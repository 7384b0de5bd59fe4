// Code of the CloudFront viewer-request functions (cloudfront-js-2.0). Kept as plain strings so tests can run them.

/**
 * SPA rewrite for the S3 behavior: a path with no file extension is a client route and gets /index.html.
 * The /api and /ws guards are defence in depth; those paths have their own behaviors and never reach it.
 * (Distribution errorResponses would do this too, but they would also rewrite the API's own 403 and 404.)
 */
export const spaRewriteCode = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/api' || uri.startsWith('/api/') || uri === '/ws' || uri.startsWith('/ws/')) {
    return request;
  }
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * For the /ws behavior: API Gateway WebSocket APIs accept only the bare stage path (`/prod/ws` is a 403),
 * and CloudFront appends the viewer path to an origin path. So the path is replaced by the stage path here.
 */
export const wsRewriteCode = (stageName: string): string => {
  if (!/^[A-Za-z0-9_-]+$/.test(stageName)) throw new Error(`Invalid WebSocket stage name: ${stageName}`);
  return `function handler(event) {
  var request = event.request;
  request.uri = '/${stageName}';
  return request;
}`;
};
