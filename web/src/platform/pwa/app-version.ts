// The version this build carries (web/vite.config.ts: CHARTSIDE_VERSION, else the commit). It busts the persisted
// query cache when the app changes (web/src/platform/offline).
declare const __APP_VERSION__: string | undefined;

export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
