import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { exampleProjectFiles } from '@/lib/project/example-project';
import { MAX_FRONTMATTER_DEPTH, parseWorkerFile, splitFrontmatter } from './parse-worker-file';
import { yamlNestingProblem } from './yaml-nesting-depth';

/**
 * Frontmatter that nests past the limit is refused before the yaml library,
 * which recurses once per level, parses it: a 40 KB flow sequence 20,000
 * levels deep gives a diagnostic that names the limit and the line, never a
 * stack overflow. The count never falls below the real nesting (structures
 * the yaml library writes, flow and block), and does not count brackets in
 * quotes, comments or block scalars.
 */

const withFrontmatter = (yaml: string) => `---\nname: deep\n${yaml}\n---\nInstructions.\n`;

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { key: value };
  return value;
}

describe('frontmatter nesting', () => {
  it('refuses a 20,000-deep flow sequence with a clear diagnostic, not a crash', () => {
    const text = withFrontmatter(`payload: ${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    const parsed = parseWorkerFile(text, 'deep.worker');
    expect(parsed.definition).toBeUndefined();
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({ code: 'frontmatter-too-deep', line: 3, severity: 'error', message: `The frontmatter nests deeper than ${MAX_FRONTMATTER_DEPTH} levels (line 3); it was not parsed` }),
    ]);
  });

  it('refuses deep block nesting and compact "- - -" sequences too', () => {
    const block = stringify({ payload: nested(MAX_FRONTMATTER_DEPTH + 5, 'object') });
    expect(parseWorkerFile(withFrontmatter(block), 'a.worker').diagnostics.map((entry) => entry.code)).toEqual(['frontmatter-too-deep']);
    const compact = `payload:\n  ${'- '.repeat(MAX_FRONTMATTER_DEPTH + 5)}x`;
    expect(parseWorkerFile(withFrontmatter(compact), 'a.worker').diagnostics.map((entry) => entry.code)).toEqual(['frontmatter-too-deep']);
  });

  it('never counts less than the real nesting of what the yaml library writes', () => {
    for (const kind of ['array', 'object'] as const) {
      for (const flow of [false, true]) {
        for (const depth of [3, 20, 63, 64, 65, 80]) {
          const text = stringify({ payload: nested(depth, kind) }, flow ? { collectionStyle: 'flow' } : {});
          // The top mapping is one level, the payload's value `depth` more.
          const problem = yamlNestingProblem(text, MAX_FRONTMATTER_DEPTH);
          if (depth + 1 > MAX_FRONTMATTER_DEPTH) expect(problem, `${kind} ${flow ? 'flow' : 'block'} ${depth}`).not.toBeNull();
        }
      }
    }
  });

  it('does not count brackets in quotes, comments or block scalars', () => {
    const many = '['.repeat(200);
    const text = [`a: "${many}"`, `b: '${many}'`, `c: x # ${many}`, 'd: |', `  ${many}`, `  ${'{'.repeat(200)}`, 'e: >-', `    ${many}`, 'f: [1, [2, [3]]]'].join('\n');
    expect(yamlNestingProblem(text, MAX_FRONTMATTER_DEPTH)).toBeNull();
    const parsed = parseWorkerFile(withFrontmatter(text), 'a.worker');
    expect(parsed.diagnostics.filter((entry) => entry.code === 'frontmatter-too-deep')).toEqual([]);
  });

  it('passes every worker file of the example project', () => {
    const workers = exampleProjectFiles().filter((file) => file.path.endsWith('.worker'));
    expect(workers.length).toBeGreaterThan(0);
    for (const file of workers) {
      const text = typeof file.data === 'string' ? file.data : new TextDecoder().decode(file.data);
      expect(yamlNestingProblem(splitFrontmatter(text).frontmatterText, 8), file.path).toBeNull();
    }
  });
});
