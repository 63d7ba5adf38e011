import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'analytics-frame',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
