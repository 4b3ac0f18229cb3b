import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Layer rules (docs/team-conventions.md), enforced. ESLint keeps only the last
// `no-restricted-imports` setting that matches a file, so each folder's block lists all
// the patterns that apply to it.
const noTestHelpers = {
  regex: '(^|/)testing/',
  message: 'Production code must not import test helpers (they live in testing/ folders).',
};
const noUserInterface = { regex: '^@/(components|app)/', message: 'lib/ never imports UI or routes.' };
const productionFiles = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];
// The proxy's server side (keys, providers, the demo model) runs in route handlers only.
const noServerModel = {
  regex: '^@/lib/model/(server|demo)/',
  message: 'Browser code talks to models through lib/model/client and lib/model/protocol; lib/model/server and the demo run in route handlers.',
};
const runtimePatterns = [
  { group: ['react', 'react-dom', 'next', 'next/*', 'zustand'], message: 'lib/runtime uses no React, Next or zustand.' },
  noUserInterface,
  { regex: '^@/lib/state/', message: 'lib/runtime does not use the UI stores.' },
  noServerModel,
];

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
    // The command line's bin is plain CommonJS run by Node: it registers tsx, then loads lib/cli.
    files: ['bin/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', __dirname: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['lib/**/*.ts', 'lib/**/*.tsx', 'components/**/*.ts', 'components/**/*.tsx', 'app/**/*.ts', 'app/**/*.tsx'],
    ignores: productionFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [noTestHelpers] }] },
  },
  {
    files: ['lib/**/*.ts', 'lib/**/*.tsx'],
    ignores: productionFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [noTestHelpers, noUserInterface] }] },
  },
  {
    files: ['lib/state/**/*.ts', 'lib/model/client/**/*.ts', 'lib/model/protocol/**/*.ts', 'lib/model/pricing/**/*.ts'],
    ignores: productionFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [noTestHelpers, noUserInterface, noServerModel] }] },
  },
  {
    // Components render state and send commands: values come from lib/state (stores, actions,
    // selectors, and the helpers it offers the UI); from the rest of lib, types only. The
    // typescript-eslint form of the rule is the one that can tell a type import from a value import.
    files: ['components/**/*.ts', 'components/**/*.tsx'],
    ignores: productionFiles,
    rules: {
      'no-restricted-imports': ['error', { patterns: [noTestHelpers, noServerModel] }],
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          regex: '^@/lib/(?!state/)',
          allowTypeImports: true,
          message: 'Components import values from lib/state only (and types from anywhere): add what the UI needs to lib/state.',
        }],
      }],
    },
  },
  {
    // Foundation areas stand alone, so every other area can build on them without a cycle.
    files: ['lib/worker/**/*.ts', 'lib/vfs/**/*.ts', 'lib/encoding/**/*.ts', 'lib/errors/**/*.ts'],
    ignores: productionFiles,
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          noTestHelpers,
          noUserInterface,
          { regex: '^@/lib/(?!worker/|vfs/|encoding/|errors/)', message: 'lib/worker, lib/vfs, lib/encoding and lib/errors import no other lib area.' },
        ],
      }],
    },
  },
  {
    // The runtime is platform-independent: no React, Next, zustand or DOM globals.
    files: ['lib/runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: runtimePatterns }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'indexedDB'],
    },
  },
  {
    files: ['lib/runtime/**/*.ts'],
    ignores: productionFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [...runtimePatterns, noTestHelpers] }] },
  },
);
