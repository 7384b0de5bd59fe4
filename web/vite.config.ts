// Builds the web app. No dev proxy: the local runtime serves this app itself (Vite in middleware mode, or the
// built `dist`), on the same origin as /api and /ws.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
});
