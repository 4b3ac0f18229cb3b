import { workerFrontmatterJsonSchema } from '@/lib/state/ui/worker-format';

/** Top-level frontmatter keys with their descriptions, from the one JSON Schema of the format. */
export interface FrontmatterKey {
  name: string;
  description: string;
}

let cached: FrontmatterKey[] | undefined;

export function frontmatterKeys(): FrontmatterKey[] {
  cached ??= Object.entries(workerFrontmatterJsonSchema().properties ?? {}).map(([name, schema]) => ({
    name,
    description: typeof schema.description === 'string' ? schema.description : '',
  }));
  return cached;
}

/**
 * Whether a (1-based) line lies inside the frontmatter: after the opening
 * `---` on line 1 and before the closing one.
 */
export function isFrontmatterLine(lines: readonly string[], lineNumber: number): boolean {
  if (lines[0]?.trim() !== '---' || lineNumber <= 1) return false;
  for (let index = 1; index < lines.length; index += 1) {
    if (lines[index]?.trim() === '---') return lineNumber <= index;
  }
  return true;
}
