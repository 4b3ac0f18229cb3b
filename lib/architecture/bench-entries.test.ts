import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachablePackages, staticImports } from './testing/reachable-packages';

/**
 * A bench runs under plain `tsx`, where `import 'server-only'` throws (Next
 * allows it only in server code). A bench, or a helper process it forks,
 * that reaches a server-only module must first import
 * lib/model/server/node/allow-server-only.ts. CI does not run the benches; this
 * catches the one that would fail at its first line.
 */
const ROOT = process.cwd();
const ALLOW_SERVER_ONLY = join(ROOT, 'lib/model/server/node/allow-server-only');

/** Every file `npm run bench` or a bench starts a process with. */
function benchEntries(): string[] {
  const benches = readdirSync(join(ROOT, 'bench')).filter((name) => name.endsWith('.bench.ts')).map((name) => join(ROOT, 'bench', name));
  const processes = readdirSync(join(ROOT, 'bench/support')).filter((name) => name.endsWith('-process.ts')).map((name) => join(ROOT, 'bench/support', name));
  return [...benches, ...processes];
}

/** The entry's first import lets server-only load, where it needs to. */
function allowsServerOnlyFirst(entry: string): boolean {
  const first = staticImports(readFileSync(entry, 'utf8'))[0];
  if (first === undefined) return false;
  const resolved = first.startsWith('@/') ? join(ROOT, first.slice(2)) : join(dirname(entry), first);
  return resolved === ALLOW_SERVER_ONLY;
}

describe('bench entries', () => {
  it('import allow-server-only first wherever they reach a server-only module', () => {
    const missing = benchEntries().flatMap((entry) => {
      const chain = reachablePackages(entry, ['server-only']).get('server-only');
      return chain !== undefined && !allowsServerOnlyFirst(entry) ? [chain.reverse().join(' → ')] : [];
    });
    expect(missing).toEqual([]);
  });

  it('sees server-only behind a bench that reaches it (the check can fail)', () => {
    const chain = reachablePackages(join(ROOT, 'bench/pitch-deck.bench.ts'), ['server-only']).get('server-only');
    expect(chain?.at(-1)).toBe('bench/pitch-deck.bench.ts');
    expect(staticImports("import type { A } from './a';\nimport 'server-only';\nimport { b } from './b';")).toEqual(['server-only', './b']);
  });
});
