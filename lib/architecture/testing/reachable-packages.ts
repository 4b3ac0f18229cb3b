import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * Which npm packages a source file reaches through static imports (type-only
 * imports excluded: they vanish at build; `import()` excluded: it loads on
 * use), each with the chain of files that pulls it in. The architecture
 * tests ask it what the IDE's first load brings, and whether a bench reaches
 * a server-only module.
 */
const ROOT = process.cwd();
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

/** The specifiers of a file's static imports, in order (side-effect imports included). */
export function staticImports(text: string): string[] {
  return [...text.matchAll(STATIC_IMPORT)].filter((match) => match[3] === undefined || !isTypeOnly(match[1], match[2] ?? '')).map((match) => (match[3] ?? match[4])!);
}

/** Of `packages`, those reachable from `entry`, each with its chain of files (repository-relative, nearest first). */
export function reachablePackages(entry: string, packages: readonly string[]): Map<string, string[]> {
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
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('@/') || specifier.startsWith('.')) {
        const target = resolveFile(file, specifier);
        if (target !== null && !parent.has(target)) {
          parent.set(target, file);
          queue.push(target);
        }
      } else if (packages.includes(packageName(specifier)) && !found.has(packageName(specifier))) {
        found.set(packageName(specifier), chain(file));
      }
    }
  }
  return found;
}
