import { defineProject } from 'vitest/config';

export default defineProject({
  // Until the workspace symlink exists, resolve the protocol from its sources.
  resolve: {
    alias: { '@portico/protocol': new URL('../protocol/src/index.ts', import.meta.url).pathname },
  },
  test: { name: 'frame', environment: 'jsdom', include: ['src/**/*.test.ts'] },
});
