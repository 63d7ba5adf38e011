import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'embed-react',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
