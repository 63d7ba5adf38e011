import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the portal server (PORTAL_PUBLIC_URL, default http://localhost:4400) answers the API and
// any language file public/ lacks; Vite serves the SPA with hot reload on 5173, an origin the identity
// provider allows.
const portalServer = process.env['PORTAL_PUBLIC_URL'] ?? 'http://localhost:4400';

const publicDir = fileURLToPath(new URL('./public', import.meta.url));

/** Vite serves the language files of public/ itself, so edits show at once and no build is needed. */
function localLanguageFile(url: string | undefined): string | undefined {
  const path = url?.split('?')[0] ?? '';
  return /^\/locales\/[a-z]{2}\/[a-z]+\.json$/.test(path) && existsSync(publicDir + path) ? url : undefined;
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': portalServer,
      '/locales': { target: portalServer, bypass: (req) => localLanguageFile(req.url) },
    },
  },
  preview: {
    port: 4173,
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app, so the first page's libraries get chunks of their own that
        // stay cached across deployments. Only modules of the first page ('$initial') are grouped: a library
        // used only by lazily loaded code (MUI and emotion, the reports tree's virtualiser, the embed SDK,
        // oidc-client-ts, RTK Query) stays in the chunks Rolldown splits for those pages.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
