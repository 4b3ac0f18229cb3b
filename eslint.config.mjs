import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

import { layerImportsRule } from './lib/architecture/layer-imports-rule.mjs';

// Layer rules (docs/team-conventions.md), enforced by one rule that resolves every spelling of a
// module (relative paths, `@/` paths, `import()`, `export … from`, `require`) before it matches,
// and applies every layer a file belongs to at once (lib/architecture/layer-imports-rule.mjs).
const noTestHelpers = {
  regex: '(^|/)testing/',
  message: 'Production code must not import test helpers (they live in testing/ folders).',
};
const noUserInterface = { regex: '^@/(components|app)/', message: 'lib/ never imports UI or routes.' };
// The proxy's server side (keys, providers, the demo model) runs in route handlers only.
const noServerModel = {
  regex: '^@/lib/model/(server|demo)/',
  message: 'Browser code talks to models through lib/model/client and lib/model/protocol; lib/model/server and the demo run in route handlers.',
};
const layers = [
  { folders: ['lib/', 'components/', 'app/'], patterns: [noTestHelpers] },
  { folders: ['lib/'], patterns: [noUserInterface] },
  { folders: ['lib/state/', 'lib/model/client/', 'lib/model/protocol/', 'lib/model/pricing/'], patterns: [noServerModel] },
  {
    // Components render state and send commands: values come from lib/state (stores, actions,
    // selectors, and the helpers it offers the UI); from the rest of lib, types only.
    folders: ['components/'],
    patterns: [
      noServerModel,
      {
        regex: '^@/lib/(?!state/)',
        allowTypeImports: true,
        message: 'Components import values from lib/state only (and types from anywhere): add what the UI needs to lib/state.',
      },
    ],
  },
  {
    // Foundation areas stand alone, so every other area can build on them without a cycle.
    folders: ['lib/worker/', 'lib/vfs/', 'lib/encoding/', 'lib/errors/', 'lib/text/'],
    patterns: [{ regex: '^@/lib/(?!worker/|vfs/|encoding/|errors/|text/)', message: 'lib/worker, lib/vfs, lib/encoding, lib/errors and lib/text import no other lib area.' }],
  },
  {
    // Monaco's whole entry brings language services whose workers the IDE does not start (they throw
    // on every request): its values come from the parts the IDE uses.
    folders: ['components/', 'app/', 'lib/'],
    patterns: [
      {
        regex: '^monaco-editor$',
        allowTypeImports: true,
        message: "Import Monaco's values from components/editor/monaco/monaco-editor-parts.ts, not 'monaco-editor' (types are fine).",
      },
    ],
  },
  {
    // The runtime is platform-independent, its tests included.
    folders: ['lib/runtime/'],
    includeTests: true,
    patterns: [
      { regex: '^(react|react-dom|next|zustand)(/|$)', message: 'lib/runtime uses no React, Next or zustand.' },
      noUserInterface,
      { regex: '^@/lib/state/', message: 'lib/runtime does not use the UI stores.' },
      noServerModel,
    ],
  },
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
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.mjs'],
    plugins: { workerbench: { rules: { layers: layerImportsRule } } },
    rules: { 'workerbench/layers': ['error', { layers }] },
  },
  {
    // More than three arguments take one named object instead: a call then says what each value
    // is, and a field can be added without reordering every caller. Exceptions are commented at
    // the line, only where a library fixes the callback's shape.
    files: ['{app,components,lib,bin,bench,scripts}/**/*.{ts,tsx,mts,mjs,cjs}'],
    rules: { '@typescript-eslint/max-params': ['error', { max: 3 }] },
  },
  {
    // The command line's bin is plain CommonJS run by Node: it registers tsx, then loads lib/cli.
    files: ['bin/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', __dirname: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The runtime is platform-independent: no DOM globals either.
    files: ['lib/runtime/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'indexedDB'] },
  },
);
