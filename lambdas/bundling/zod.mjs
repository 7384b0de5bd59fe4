// zod as the Lambda bundles import it (an esbuild alias, see AppFunction): all of zod's API except `locales`, its
// error messages in 40 languages. @hono/zod-openapi hands zod's namespace to zod-to-openapi as a value, so a bundler
// must keep every export of it, and with `locales` those translations made 190 KB of the HTTP API's bundle. The API
// speaks English only: zod still sets its English messages itself. A path into node_modules, since 'zod' would be
// aliased back here.
export * from '../../node_modules/zod/v4/classic/external.js';
export * as core from './zod-core.mjs';
export const locales = {};
import * as z from './zod.mjs';
export { z, z as default };
