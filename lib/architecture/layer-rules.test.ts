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
  const ruleIds = new Set(['no-restricted-imports', '@typescript-eslint/no-restricted-imports']);
  return (result?.messages ?? []).filter((message) => ruleIds.has(message.ruleId ?? '')).map((message) => message.message);
}

const planted: Array<[string, string, string, RegExp]> = [
  ['a foundation area importing another lib area', 'lib/vfs/planted.ts', "import { RunError } from '@/lib/runtime/run-error';", /import no other lib area/],
  ['lib/errors importing a higher lib area', 'lib/errors/planted.ts', "import { parseManifest } from '@/lib/project/parse-manifest';", /import no other lib area/],
  ['lib importing UI', 'lib/project/planted.ts', "import { Icon } from '@/components/icons/icon';", /never imports UI/],
  ['the runtime importing React', 'lib/runtime/planted.ts', "import { useState } from 'react';", /no React/],
  ['the runtime importing a store', 'lib/runtime/planted.ts', "import { useRunStore } from '@/lib/state/run-store';", /UI stores/],
  ['a component importing the proxy server', 'components/run/planted.tsx', "import { handleModelStep } from '@/lib/model/server/model-step-handler';", /route handlers/],
  ['a component importing a lib helper past lib/state', 'components/run/planted.tsx', "import { costOfRun } from '@/lib/runtime/run-cost';", /lib\/state only/],
  ['a component importing the worker parser', 'components/editor/planted.tsx', "import { parseWorkerFile } from '@/lib/worker/parse-worker-file';", /lib\/state only/],
  ['a store importing the demo model', 'lib/state/planted.ts', "import { createDemoLanguageModel } from '@/lib/model/demo/demo-language-model';", /route handlers/],
  ['production code importing a test helper', 'lib/share/planted.ts', "import { textPayload } from '@/lib/share/testing/share-fragments';", /test helpers/],
];

describe('layer rules (eslint.config.mjs)', () => {
  it.each(planted)('%s fails lint', async (_name, filePath, code, message) => {
    const messages = await restrictedImports(filePath, `${code}\nexport const used = [${code.match(/\{ (\w+) \}/)?.[1] ?? ''}];\n`);
    // A component importing the proxy server breaks two rules at once; every other plant breaks one.
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(messages.some((text) => message.test(text))).toBe(true);
  });

  it('allowed imports stay clean', async () => {
    expect(await restrictedImports('lib/runtime/planted.ts', "import { errorMessage } from '@/lib/errors/error-message';\nexport const used = errorMessage;\n")).toEqual([]);
    expect(await restrictedImports('components/run/planted.tsx', "import { useRunStore } from '@/lib/state/run-store';\nexport const used = useRunStore;\n")).toEqual([]);
    // Components may import types from anywhere in lib.
    expect(await restrictedImports('components/run/planted.tsx', "import type { RunTree } from '@/lib/runtime/reduce-run-events';\nexport type Used = RunTree;\n")).toEqual([]);
    expect(await restrictedImports('components/run/planted.tsx', "import { type RunTree } from '@/lib/runtime/reduce-run-events';\nexport type Used = RunTree;\n")).toEqual([]);
    expect(await restrictedImports('app/api/planted.ts', "import { handleModelStep } from '@/lib/model/server/model-step-handler';\nexport const used = handleModelStep;\n")).toEqual([]);
    // Tests may use test helpers.
    expect(await restrictedImports('lib/share/planted.test.ts', "import { textPayload } from '@/lib/share/testing/share-fragments';\nexport const used = textPayload;\n")).toEqual([]);
  });
});
