// The browser policy every Chartside page is served with: in the cloud by CloudFront's response headers policy, on one
// machine by the local runtime. Scripts come only from our origin (no inline script, no eval); the app talks only to
// our origin (API, WebSocket, local Cognito) and the origins a deployment adds (Cognito, the files bucket, dictation).

/** Content-Security-Policy; `connect` and `images` are the origins beyond our own the app fetches from. */
export const contentSecurityPolicy = ({ connect, images }: { connect: readonly string[]; images: readonly string[] }): string =>
  [
    "default-src 'self'",
    // A same-origin ws:// or wss:// URL matches 'self' in CSP Level 3.
    ['connect-src', "'self'", ...connect].join(' '),
    ['img-src', "'self'", 'data:', 'blob:', ...images].join(' '),
    // Mantine writes inline styles.
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "worker-src 'self' blob:",
    // Text to Speech plays the server's MP3 from a blob: URL.
    "media-src 'self' blob:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

/** Only our pages may use the microphone (dictation); nothing else the app does not need. */
export const PERMISSIONS_POLICY = 'microphone=(self), camera=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=()';

/** Addresses of our pages name patients and records: other sites are told nothing of them. */
export const REFERRER_POLICY = 'same-origin';

/** Two years, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';
