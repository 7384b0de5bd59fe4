// zod's `core` namespace without its `locales` (see zod.mjs).
export * from '../../node_modules/zod/v4/core/index.js';
export const locales = {};
