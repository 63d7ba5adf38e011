import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The frame app: served by the analytics service at /reportEmbed (and the other embed paths), assets from `/`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    outDir: '../frame-dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1024,
  },
});
