import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import workspaceImports from './eslint-rules/workspace-imports.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/analytics/frame-dist/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.test-reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/portal-web/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser },
    },
  },
  {
    files: ['**/*.tsx', 'apps/portal-web/src/**/*.ts', 'packages/embed-react/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // No relative import climbs out of its workspace; the analytics frame is an area of its own.
    files: ['apps/**/*.{ts,tsx,js,mjs}', 'packages/**/*.{ts,tsx,js,mjs}'],
    plugins: { portico: { rules: { 'workspace-imports': workspaceImports } } },
    rules: {
      'portico/workspace-imports': [
        'error',
        { root: import.meta.dirname, extraAreas: ['apps/analytics/frame'] },
      ],
    },
  },
  {
    files: ['scripts/**', '.ci/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
