import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of docs/team-conventions.md, proven by planting one import
 * that breaks each and linting it as if it sat in that folder (with the
 * repository's own eslint.config.mjs); an allowed import beside it stays clean.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const ruleIds = new Set(['workerbench/layers']);
  return (result?.messages ?? []).filter((message) => ruleIds.has(message.ruleId ?? '')).map((message) => message.message);
}

const planted: Array<[string, string, string, RegExp]> = [
  ['a foundation area importing another lib area', 'lib/vfs/planted.ts', "import { RunError } from '@/lib/runtime/run-error';", /import no other lib area/],
  ['lib/errors importing a higher lib area', 'lib/errors/planted.ts', "import { parseManifest } from '@/lib/project/parse-manifest';", /import no other lib area/],
  ['lib importing UI', 'lib/project/planted.ts', "import { Icon } from '@/components/icons/icon';", /never imports UI/],
  ['the runtime importing React', 'lib/runtime/planted.ts', "import { useState } from 'react';", /no React/],
  ['the runtime importing a store', 'lib/runtime/planted.ts', "import { useRunStore } from '@/lib/state/run/run-store';", /UI stores/],
  ['a component importing the proxy server', 'components/run/planted.tsx', "import { handleModelStep } from '@/lib/model/server/model-step-handler';", /route handlers/],
  ['a component importing a lib helper past lib/state', 'components/run/planted.tsx', "import { costOfRun } from '@/lib/run-tree/run-cost';", /lib\/state only/],
  ['a component importing the worker parser', 'components/editor/planted.tsx', "import { parseWorkerFile } from '@/lib/worker/parse-worker-file';", /lib\/state only/],
  ['a store importing the demo model', 'lib/state/planted.ts', "import { createDemoLanguageModel } from '@/lib/model/demo/demo-language-model';", /route handlers/],
  ['a component importing Monaco\'s whole entry', 'components/editor/planted.tsx', "import { editor } from 'monaco-editor';", /monaco-editor-parts/],
  ['production code importing a test helper', 'lib/share/planted.ts', "import { textPayload } from '@/lib/share/testing/share-fragments';", /test helpers/],
  // Every spelling of a module is resolved before it is matched.
  ['a foundation area importing a store by a relative path', 'lib/vfs/planted.ts', "import { useRunStore } from '../state/run/run-store';", /import no other lib area/],
  ['the runtime importing a store by a relative path', 'lib/runtime/planted.ts', "import { useRunStore } from '../state/run/run-store';", /UI stores/],
  ['a component importing the loop by a relative path', 'components/run/planted.tsx', "import { runWorker } from '../../lib/runtime/run-worker';", /lib\/state only/],
  ['a .tsx store importing the proxy server', 'lib/state/planted.tsx', "import { handleModelStep } from '@/lib/model/server/model-step-handler';", /route handlers/],
  ['a relative path with an extension', 'lib/runtime/planted.ts', "import { useRunStore } from '../state/run/run-store.ts';", /UI stores/],
  ['a re-export', 'lib/vfs/planted.ts', "export { useRunStore } from '@/lib/state/run/run-store';", /import no other lib area/],
  ['a re-export of everything', 'lib/runtime/planted.ts', "export * from '../state/run/run-store';", /UI stores/],
];

// Dynamic imports and require() are module references too.
const plantedCalls: Array<[string, string, string, RegExp]> = [
  ['a foundation area loading a store on demand', 'lib/vfs/planted.ts', "export const load = () => import('@/lib/state/run/run-store');", /import no other lib area/],
  ['the runtime loading a store on demand by a relative path', 'lib/runtime/planted.ts', "export const load = () => import('../state/run/run-store');", /UI stores/],
  ['a component loading the loop on demand', 'components/run/planted.tsx', "export const load = () => import('@/lib/runtime/run-worker');", /lib\/state only/],
  ['the runtime requiring React', 'lib/runtime/planted.ts', "export const react = require('react');", /no React/],
  ['a store loading the demo model on demand', 'lib/state/planted.ts', "export const load = () => import('../model/demo/demo-language-model');", /route handlers/],
];

describe('layer rules (eslint.config.mjs)', () => {
  // eslint-disable-next-line @typescript-eslint/max-params -- vitest's it.each spreads each table row into the callback's parameters
  it.each(planted)('%s fails lint', async (_name, filePath, code, message) => {
    const messages = await restrictedImports(filePath, `${code}\nexport const used = [${code.match(/\{ (\w+) \}/)?.[1] ?? ''}];\n`);
    // A component importing the proxy server breaks two rules at once; every other plant breaks one.
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(messages.some((text) => message.test(text))).toBe(true);
  });

  // eslint-disable-next-line @typescript-eslint/max-params -- vitest's it.each spreads each table row into the callback's parameters
  it.each(plantedCalls)('%s fails lint', async (_name, filePath, code, message) => {
    const messages = await restrictedImports(filePath, `${code}\n`);
    expect(messages.some((text) => message.test(text))).toBe(true);
  });

  it('allowed imports stay clean', async () => {
    expect(await restrictedImports('lib/runtime/planted.ts', "import { errorMessage } from '@/lib/errors/error-message';\nexport const used = errorMessage;\n")).toEqual([]);
    expect(await restrictedImports('components/run/planted.tsx', "import { useRunStore } from '@/lib/state/run/run-store';\nexport const used = useRunStore;\n")).toEqual([]);
    // Components may import types from anywhere in lib.
    expect(await restrictedImports('components/run/planted.tsx', "import type { RunTree } from '@/lib/run-tree/reduce-run-events';\nexport type Used = RunTree;\n")).toEqual([]);
    expect(await restrictedImports('components/run/planted.tsx', "import { type RunTree } from '@/lib/run-tree/reduce-run-events';\nexport type Used = RunTree;\n")).toEqual([]);
    expect(await restrictedImports('app/api/planted.ts', "import { handleModelStep } from '@/lib/model/server/model-step-handler';\nexport const used = handleModelStep;\n")).toEqual([]);
    expect(await restrictedImports('components/run/planted.tsx', "export type Tree = import('@/lib/run-tree/reduce-run-events').RunTree;\n")).toEqual([]);
    expect(await restrictedImports('components/run/planted.tsx', "export const load = () => import('./run-panel');\n")).toEqual([]);
    expect(await restrictedImports('lib/state/planted.ts', "export const load = () => import('../runtime/run-worker');\n")).toEqual([]);
    // Monaco's types may come from its entry; its values from the parts the IDE uses.
    expect(await restrictedImports('components/editor/planted.tsx', "import type * as Monaco from 'monaco-editor';\nexport type Used = typeof Monaco;\n")).toEqual([]);
    expect(await restrictedImports('components/editor/planted.tsx', "import { editor } from './monaco/monaco-editor-parts';\nexport const used = editor;\n")).toEqual([]);
    // Tests may use test helpers.
    expect(await restrictedImports('lib/share/planted.test.ts', "import { textPayload } from '@/lib/share/testing/share-fragments';\nexport const used = textPayload;\n")).toEqual([]);
  });
});
