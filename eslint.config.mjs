import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Config files and scripts run in Node.
    files: ['*.mjs', '*.config.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // The runtime is platform-independent: no React, Next, zustand or DOM globals.
    files: ['lib/runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'next', 'next/*', 'zustand', '@/components/*'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'indexedDB'],
    },
  },
);
