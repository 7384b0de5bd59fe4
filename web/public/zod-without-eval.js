// Zod compiles object parsers with `new Function` unless told not to, and probes for it as the first schema is made;
// the probe alone breaks our Content-Security-Policy (script-src without 'unsafe-eval', shared/src/security/
// browser-policy.ts). A classic script, run before the app's modules load: zod keeps the config it finds on globalThis.
globalThis.__zod_globalConfig = Object.assign({}, globalThis.__zod_globalConfig, { jitless: true });
