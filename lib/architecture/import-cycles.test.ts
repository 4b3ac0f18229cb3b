import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No production module imports itself through others (type imports included:
 * a cycle of types is still two modules that cannot be understood apart).
 * Layer rules live in eslint.config.mjs; this guards what lint cannot see.
 */
const ROOT = process.cwd();
const AREAS = ['lib', 'components', 'app'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/g;

function sourceFiles(directory: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'testing' && name !== '__snapshots__') files.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files;
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(ROOT, specifier.slice(2)) : specifier.startsWith('.') ? join(dirname(from), specifier) : null;
  if (base === null) return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every cycle's modules, found by a depth-first walk (each edge visited once: linear in the graph). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const seen = state.get(next);
      if (seen === 'open') cycles.push(stack.slice(stack.indexOf(next)).map((file) => relative(ROOT, file)));
      else if (seen === undefined) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('module graph', () => {
  it('has no import cycles among production files', () => {
    const graph = new Map<string, string[]>();
    for (const file of AREAS.flatMap((area) => sourceFiles(join(ROOT, area)))) {
      const text = readFileSync(file, 'utf8');
      const targets: string[] = [];
      for (const match of text.matchAll(IMPORT)) {
        const target = resolveImport(file, match[1]!);
        if (target !== null) targets.push(target);
      }
      graph.set(file, targets);
    }
    expect(graph.size).toBeGreaterThan(300);
    expect(findCycles(graph)).toEqual([]);
  });

  it('finds a planted cycle (the check can fail)', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(findCycles(graph)).toHaveLength(1);
  });
});
