import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The IDE's first load stays small (issue: performance): the parsers (yaml,
 * zod, Ajv), the share codecs (fflate), git, pdf.js, markdown and the AI SDK
 * load when first needed, through import(). This walks the static imports
 * from the workbench (type-only imports excluded: they vanish at build) and
 * fails when one of them becomes reachable, naming the chain that pulls it in.
 */
const ROOT = process.cwd();
const DEFERRED_PACKAGES = ['ajv', 'yaml', 'zod', 'fflate', 'isomorphic-git', 'pdfjs-dist', 'react-markdown', 'ai', '@ai-sdk/provider-utils'];
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'/g;

function isTypeOnly(typeKeyword: string | undefined, clause: string): boolean {
  if (typeKeyword !== undefined) return true;
  const named = /^\{([^}]*)\}$/.exec(clause.trim());
  return named !== null && named[1]!.split(',').every((part) => part.trim() === '' || part.trim().startsWith('type '));
}

function resolveFile(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(ROOT, specifier.slice(2)) : join(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return null;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Deferred packages reachable by static imports from `entry`, each with the chain of files that reaches it. */
function reachableDeferredPackages(entry: string): Map<string, string[]> {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  const found = new Map<string, string[]>();
  const chain = (file: string) => {
    const files: string[] = [];
    for (let at: string | null | undefined = file; at; at = parent.get(at)) files.push(relative(ROOT, at));
    return files;
  };
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (match[3] !== undefined && isTypeOnly(match[1], match[2] ?? '')) continue;
      const specifier = (match[3] ?? match[4])!;
      if (specifier.startsWith('@/') || specifier.startsWith('.')) {
        const target = resolveFile(file, specifier);
        if (target !== null && !parent.has(target)) {
          parent.set(target, file);
          queue.push(target);
        }
      } else if (DEFERRED_PACKAGES.includes(packageName(specifier)) && !found.has(packageName(specifier))) {
        found.set(packageName(specifier), chain(file));
      }
    }
  }
  return found;
}

describe('first load of the IDE', () => {
  it('reaches none of the deferred packages by static imports', () => {
    expect(Object.fromEntries(reachableDeferredPackages(join(ROOT, 'components/workbench/workbench.tsx')))).toEqual({});
  });

  it('does find a deferred package that a static import pulls in (the check can fail)', () => {
    const found = reachableDeferredPackages(join(ROOT, 'lib/state/analyze-texts.ts'));
    expect(found.get('yaml')?.[0]).toBe('lib/worker/parse-worker-file.ts');
  });
});
