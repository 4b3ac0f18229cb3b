import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachablePackages } from './testing/reachable-packages';

/**
 * The IDE's first load stays small (issue: performance): the parsers (yaml,
 * zod, Ajv), the share codecs (fflate), git, pdf.js, markdown and the AI SDK
 * load when first needed, through import(). This walks the static imports
 * from the workbench (type-only imports excluded: they vanish at build) and
 * fails when one of them becomes reachable, naming the chain that pulls it in.
 */
const ROOT = process.cwd();
// Radix's dialog, tooltip and tabs too: the dialogs, tooltips and the editor's tab keys load when the page is idle
// (components/dialogs, components/icons, components/editor/tab-kit.tsx); cmdk with the command palette.
const DEFERRED_PACKAGES = ['ajv', 'yaml', 'zod', 'fflate', 'isomorphic-git', 'pdfjs-dist', 'react-markdown', 'ai', '@ai-sdk/provider-utils', '@radix-ui/react-dialog', '@radix-ui/react-tooltip', '@radix-ui/react-tabs', 'cmdk'];

describe('first load of the IDE', () => {
  it('reaches none of the deferred packages by static imports', () => {
    expect(Object.fromEntries(reachablePackages(join(ROOT, 'components/workbench/workbench.tsx'), DEFERRED_PACKAGES))).toEqual({});
  });

  it('does find a deferred package that a static import pulls in (the check can fail)', () => {
    const found = reachablePackages(join(ROOT, 'lib/state/workspace/analyze-texts.ts'), DEFERRED_PACKAGES);
    expect(found.get('yaml')?.[0]).toBe('lib/worker/parse-worker-file.ts');
  });
});
