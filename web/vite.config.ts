// Builds the web app. No dev proxy: the local runtime serves this app itself (Vite in middleware mode, or the
// built `dist`), on the same origin as /api and /ws.
//
// The service worker (vite-plugin-pwa, Workbox) precaches the app shell: index.html, every JS and CSS file of the
// build, the icons and the manifest. It never stores an answer from /api, /ws, /cognito or /config.json: patient
// data lives only in the persisted TanStack Query cache (IndexedDB, web/src/platform/offline).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, transformWithOxc, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The version this build carries: CHARTSIDE_VERSION when set (releases, tests), else the commit, else 'dev'. */
const appVersion = (): string => {
  if (process.env.CHARTSIDE_VERSION) return process.env.CHARTSIDE_VERSION;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'dev';
  }
};
const version = appVersion();

/**
 * Paths the service worker must leave to the network, each with everything under it: the API, the WebSocket, sign-in,
 * the runtime config and the local WebSocket management API. Its navigation fallback leaves them out, and its static
 * routes (network-routes-worker.ts) send them past it.
 */
const networkOnlyPaths = ['/api', '/ws', '/cognito', '/config.json', '/@connections'];
const networkOnlyPathPatterns = networkOnlyPaths.map((prefix) => new RegExp(`^${prefix.replaceAll('.', '\\.')}(/|$|\\?)`));

/**
 * Lazy chunks too heavy for the precache (the rich-text editor, pdf.js and its worker): cached the first time they
 * are used instead. Their file names start with these chunk names (name lazy imports accordingly). The chat's chunks
 * are small and precached with the rest.
 */
const runtimeCachedChunks = ['blocknote', 'pdf'];

/**
 * The rich-text editor's chunks: the lazily loaded BlockNoteRichText (its CSS too) and the chunks BlockNote loads in
 * turn (emoji data). Their files are named 'blocknote-…' so that the precache leaves them to the runtime cache.
 */
const editorEntryChunk = 'BlockNoteRichText';
const editorModule = /[\\/]node_modules[\\/](@blocknote|@tiptap|prosemirror-[\w-]+|y-prosemirror|yjs|emoji-mart|@emoji-mart)[\\/]|[\\/]components[\\/]rich-text[\\/]BlockNoteRichText\.tsx$/;

/** `<meta name="chartside-version">` in index.html: which build a page runs, for support and the update test. */
const versionMeta = (): Plugin => ({
  name: 'chartside-version-meta',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'chartside-version', content: version }, injectTo: 'head' }],
});

/**
 * pdf.js's data files, fetched by its worker when a PDF needs them: fonts a PDF names without embedding, character
 * maps of CJK text, and the image decoders of scanned pages. Served under /assets/pdfjs/ (the dev server too), so the
 * service worker's lazy-chunk cache keeps them for offline use. Their URL is PDFJS_DATA_PATH in features/pdf.
 */
const pdfjsData = (): Plugin => {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const folders = ['standard_fonts', 'cmaps', 'wasm'];
  const files = folders.flatMap((folder) => readdirSync(path.join(root, folder)).filter((name) => !name.startsWith('LICENSE')).map((name) => `${folder}/${name}`));
  return {
    name: 'chartside-pdfjs-data',
    configureServer(server) {
      server.middlewares.use('/assets/pdfjs/', (request, response, next) => {
        const file = decodeURIComponent((request.url ?? '').split('?')[0]!.replace(/^\//, ''));
        if (!files.includes(file)) return next();
        response.setHeader('content-type', 'application/octet-stream');
        response.end(readFileSync(path.join(root, file)));
      });
    },
    generateBundle() {
      for (const file of files) this.emitFile({ type: 'asset', fileName: `assets/pdfjs/${file}`, source: readFileSync(path.join(root, file)) });
    },
  };
};

/**
 * The service worker's own scripts, each built on its own as /<name>.js (the Workbox worker loads them with
 * importScripts): one classic script without imports, its names kept in a function scope of their own (importScripts
 * shares the worker's global scope), after the constants given for it.
 */
const workerScripts: Record<string, { source: string; constants?: Record<string, unknown> }> = {
  'push-worker': { source: 'src/platform/pwa/push-worker.ts' },
  'network-routes': { source: 'src/platform/pwa/network-routes-worker.ts', constants: { NETWORK_ONLY_PATHS: networkOnlyPaths } },
};

const buildWorkerScripts = (): Plugin => ({
  name: 'chartside-worker-scripts',
  async generateBundle() {
    for (const [name, { source, constants = {} }] of Object.entries(workerScripts)) {
      const file = path.resolve(import.meta.dirname, source);
      const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
      const defined = Object.entries(constants).map(([constant, value]) => `const ${constant} = ${JSON.stringify(value)};\n`);
      this.emitFile({ type: 'asset', fileName: `${name}.js`, source: `(() => {\n${defined.join('')}${code}})();\n` });
    }
  },
});

/**
 * The screens a clinician opens first, each in one chunk: Login, the signed-in shell, Home, the panel and a patient.
 * Left to automatic chunking, each set of routes sharing a module got a chunk of its own: Home loaded 66 files and a
 * patient 88, most of a few KB. Over HTTP/1.1 (the local runtime) a browser fetches six at a time: ten round trips on
 * slow 4G. A screen's chunk holds the app's modules it imports, with all they import in turn, less what the entry chunk
 * or an earlier screen holds; a later screen loads an earlier one's chunk for what they share (the panel, Home's).
 * Other routes keep automatic chunks.
 */
const screens = [
  { chunk: 'sign-in', module: 'features/login/routes.tsx' },
  { chunk: 'signed-in', module: 'app/SignedInLayout.tsx' },
  { chunk: 'home', module: 'features/home/routes.tsx' },
  { chunk: 'panel', module: 'features/panel/routes.tsx' },
  { chunk: 'patient', module: 'features/patient/routes.tsx' },
];

/** Each screen's app modules (node_modules are left to Rolldown, which brings the ones used), in the screens' order. */
const screenModules: Set<string>[] = [];
const screenOf = (id: string): string | undefined => screens[screenModules.findIndex((modules) => modules.has(id))]?.chunk;

const screenModuleGraph = (): Plugin => ({
  name: 'chartside-screen-modules',
  apply: 'build',
  buildEnd() {
    screenModules.length = 0;
    for (const { module } of screens) {
      const found = new Set<string>();
      const visit = (id: string) => {
        if (found.has(id) || id.includes('node_modules')) return;
        found.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      visit(path.resolve(import.meta.dirname, 'src', module));
      screenModules.push(found);
    }
  },
});

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(version),
  },
  plugins: [
    react(),
    screenModuleGraph(),
    versionMeta(),
    pdfjsData(),
    buildWorkerScripts(),
    VitePWA({
      // The app asks before it updates (web/src/platform/pwa): 'Update Now' or 'Later'.
      registerType: 'prompt',
      injectRegister: false,
      // In dev (Vite with hot reload) there is no service worker; the local runtime even retires a stale one.
      devOptions: { enabled: false },
      // The icons are in the precache already (globPatterns); listing them again would only duplicate entries.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Chartside',
        short_name: 'Chartside',
        description: "Chartside: a clinician's patient panel and resource library.",
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // Mantine's blue 8, the theme's primary shade (web/src/app/theme.ts), on Mantine's white body.
        theme_color: '#1971c2',
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: runtimeCachedChunks.map((name) => `**/assets/${name}*`),
        // pdf.js's worker alone is over 1 MiB; anything precached must fit.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: networkOnlyPathPatterns,
        cleanupOutdatedCaches: true,
        importScripts: Object.keys(workerScripts).map((name) => `/${name}.js`),
        // The new worker waits for 'Update Now' (skipWaiting on message), then takes over open pages at once;
        // without clientsClaim a page first loaded without a worker would never see the update take over.
        skipWaiting: false,
        clientsClaim: true,
        runtimeCaching: [
          {
            // Hashed build files not in the precache (the heavy lazy chunks): immutable, so cache-first.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'chartside-lazy-chunks',
              expiration: { maxEntries: 60, maxAgeSeconds: 60 * 60 * 24 * 30 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The rich-text editor (loaded on demand, cached on first use) is the one chunk over Vite's 500 kB.
    chunkSizeWarningLimit: 750,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The entry's static imports: one file, not ten (they were modulepreloaded side by side).
            { name: 'index', tags: ['$initial'], priority: screens.length + 1 },
            ...screens.map(({ chunk }, index) => ({ name: chunk, test: (id: string) => screenOf(id) === chunk, priority: screens.length - index })),
          ],
        },
        // A facade chunk (a re-export inside BlockNote) has no modules of its own, only its facade module.
        chunkFileNames: ({ moduleIds, facadeModuleId }) =>
          [...moduleIds, facadeModuleId ?? ''].some((id) => editorModule.test(id)) ? 'assets/blocknote-[hash].js' : 'assets/[name]-[hash].js',
        assetFileNames: ({ names }) => (names.includes(`${editorEntryChunk}.css`) ? 'assets/blocknote-[hash][extname]' : 'assets/[name]-[hash][extname]'),
      },
    },
  },
});
