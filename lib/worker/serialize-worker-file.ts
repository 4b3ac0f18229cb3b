import { stringify } from 'yaml';
import { splitFrontmatter } from '@/lib/worker/parse-worker-file';
import { workerFrontmatterSchema } from '@/lib/worker/worker-schema';
import { ownValue, setOwnValue } from '@/lib/worker/own-property';

/**
 * Writes `.worker` files. The body is always kept byte-identical: a worker's
 * instructions are the user's text, and rewriting its frontmatter (from a form,
 * or by `worker_create`) must never touch them.
 */

const CANONICAL_KEY_ORDER = Object.keys(workerFrontmatterSchema.shape);

/** Frontmatter keys in the documented order (name first), unknown keys after, undefined values dropped. */
export function orderFrontmatter(frontmatter: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  // Own keys only: an unknown key named "constructor" or "__proto__" is kept like any other.
  for (const key of CANONICAL_KEY_ORDER) if (ownValue(frontmatter, key) !== undefined) setOwnValue(ordered, key, frontmatter[key]);
  for (const key of Object.keys(frontmatter)) if (!Object.hasOwn(ordered, key) && frontmatter[key] !== undefined) setOwnValue(ordered, key, frontmatter[key]);
  return ordered;
}

/** The YAML between the fences, ending with a line break. */
export function stringifyFrontmatter(frontmatter: object, lineBreak: '\n' | '\r\n' = '\n'): string {
  const yamlText = stringify(orderFrontmatter({ ...frontmatter } as Record<string, unknown>), {
    lineWidth: 0,
    // Keep plain strings that look like other types quoted, so the round trip keeps types.
    defaultStringType: 'PLAIN',
  });
  return lineBreak === '\n' ? yamlText : yamlText.replace(/\n/g, '\r\n');
}

export function serializeWorkerFile(frontmatter: object, body: string, lineBreak: '\n' | '\r\n' = '\n'): string {
  return `---${lineBreak}${stringifyFrontmatter(frontmatter, lineBreak)}---${lineBreak}${body}`;
}

/**
 * Replaces only the frontmatter of an existing file. Everything after the
 * closing fence is kept byte for byte. A file without a (closed) frontmatter
 * keeps its whole text as the body, so nothing is ever lost.
 */
export function replaceFrontmatter(text: string, frontmatter: object): string {
  const split = splitFrontmatter(text);
  const prefix = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  if (split.found) {
    return `${prefix}---${split.lineBreak}${stringifyFrontmatter(frontmatter, split.lineBreak)}---${split.lineBreak}${split.body}`;
  }
  return serializeWorkerFile(frontmatter, text, split.lineBreak);
}
