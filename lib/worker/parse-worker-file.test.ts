import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_WORKER_FILE_BYTES, parseWorkerFile, splitFrontmatter } from '@/lib/worker/parse-worker-file';

const FULL_WORKER = `---
name: pitch_evaluator                 # [A-Za-z0-9_-]+, unique in the project
description: Evaluates one PDF pitch deck and returns a scored report.
model: anthropic:claude-sonnet-4-5    # optional "provider:model"
compatible_models: ["anthropic:*", "openai:gpt-4.1*"]   # optional globs
toolsets:
  filesystem: {}                      # list_files, read_file, write_file …
  workers: { allowed_workers: [other_worker] }
  dynamic_workers: {}                 # worker_create, worker_call
attachment_policy: { max_attachments: 1, max_total_bytes: 10000000,
                     allowed_suffixes: [.pdf], denied_suffixes: [] }
input_schema: { type: object, properties: { company: { type: string } } }
output_schema_ref: schemas/evaluation.json
allow_empty_input: true
---
Markdown instructions …
`;

describe('parseWorkerFile: good files', () => {
  it('parses the example of the design brief', () => {
    const result = parseWorkerFile(FULL_WORKER, 'pitch_evaluator.worker');
    expect(result.diagnostics).toEqual([]);
    expect(result.definition).toMatchObject({
      name: 'pitch_evaluator',
      model: 'anthropic:claude-sonnet-4-5',
      compatible_models: ['anthropic:*', 'openai:gpt-4.1*'],
      toolsets: { filesystem: {}, workers: { allowed_workers: ['other_worker'] }, dynamic_workers: {} },
      attachment_policy: { max_attachments: 1, max_total_bytes: 10000000, allowed_suffixes: ['.pdf'], denied_suffixes: [] },
      input_schema: { type: 'object', properties: { company: { type: 'string' } } },
      output_schema_ref: 'schemas/evaluation.json',
      allow_empty_input: true,
      instructions: 'Markdown instructions …\n',
      path: 'pitch_evaluator.worker',
    });
  });

  it('accepts a minimal worker with an empty body', () => {
    const result = parseWorkerFile('---\nname: a\n---', 'a.worker');
    expect(result.diagnostics).toEqual([]);
    expect(result.definition?.name).toBe('a');
    expect(result.body).toBe('');
  });

  it('keeps the body byte-identical, including CRLF, fences and trailing spaces', () => {
    const body = 'Line one  \r\n---\r\nname: not frontmatter\r\n\r\n  indented\t\n';
    const text = `---\r\nname: crlf\r\n---\r\n${body}`;
    const result = parseWorkerFile(text, 'crlf.worker');
    expect(result.diagnostics).toEqual([]);
    expect(result.body).toBe(body);
    expect(result.definition?.instructions).toBe(body);
    expect(text.slice(result.bodyOffset)).toBe(body);
  });

  it('tolerates a byte-order mark and trailing spaces after the fences', () => {
    const result = parseWorkerFile('\uFEFF---  \nname: bom\n---\t\nbody', 'bom.worker');
    expect(result.diagnostics).toEqual([]);
    expect(result.definition?.name).toBe('bom');
    expect(result.body).toBe('body');
  });

  it('reports the frontmatter text and offsets', () => {
    const text = '---\nname: a\n---\nbody';
    const result = parseWorkerFile(text, 'a.worker');
    expect(result.frontmatterText).toBe('name: a\n');
    expect(text.slice(result.frontmatterOffset, result.frontmatterOffset + result.frontmatterText.length)).toBe('name: a\n');
    expect(result.bodyOffset).toBe(16);
  });
});

describe('parseWorkerFile: backward tolerance', () => {
  it('reads toolsets written with no value as {}', () => {
    const result = parseWorkerFile('---\nname: a\ntoolsets:\n  filesystem:\n  workers:\n    allowed_workers:\n  dynamic_workers:\n---\n', 'a.worker');
    expect(result.diagnostics).toEqual([]);
    expect(result.definition?.toolsets).toEqual({ filesystem: {}, workers: { allowed_workers: [] }, dynamic_workers: {} });
  });

  it('reads toolsets as a list of names, with an info diagnostic', () => {
    const result = parseWorkerFile('---\nname: a\ntoolsets: [filesystem, dynamic_workers]\n---\n', 'a.worker');
    expect(result.definition?.toolsets).toEqual({ filesystem: {}, dynamic_workers: {} });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ severity: 'info', code: 'legacy-form', line: 3, column: 11 });
  });

  it('fills the default allowed_workers list when a workers toolset has none', () => {
    const result = parseWorkerFile('---\nname: a\ntoolsets:\n  workers: {}\n---\n', 'a.worker');
    expect(result.definition?.toolsets?.workers?.allowed_workers).toEqual([]);
  });

  it('reads a suffix without its dot, with a warning at the item', () => {
    const result = parseWorkerFile('---\nname: a\nattachment_policy:\n  allowed_suffixes: [pdf, .txt]\n---\n', 'a.worker');
    expect(result.definition?.attachment_policy?.allowed_suffixes).toEqual(['.pdf', '.txt']);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'suffix-without-dot', line: 4, column: 22, message: expect.stringContaining('".pdf"') }),
    ]);
  });

  it('keeps the definition when there are only warnings', () => {
    const result = parseWorkerFile('---\nname: a\nattachment_policy: { denied_suffixes: [exe] }\n---\n', 'a.worker');
    expect(result.diagnostics.every((entry) => entry.severity !== 'error')).toBe(true);
    expect(result.definition).toBeDefined();
  });
});

describe('parseWorkerFile: limits and robustness', () => {
  it('refuses a 5 MB file with a diagnostic naming the size and the limit, without parsing it', () => {
    const text = `---\nname: big\n---\n${'x'.repeat(5 * 1000 * 1000)}`;
    const result = parseWorkerFile(text, 'big.worker');
    expect(result.definition).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: 'file-too-large', line: 1, column: 1, severity: 'error' });
    expect(result.diagnostics[0]!.message).toContain('4.8 MiB');
    expect(result.diagnostics[0]!.message).toContain('1 MiB');
    expect(result.frontmatterText).toBe('');
  });

  it('counts bytes, not characters, against the limit', () => {
    // 400k three-byte characters: under the limit in characters, over it in UTF-8 bytes.
    const text = `---\nname: wide\n---\n${'€'.repeat(400_000)}`;
    expect(text.length).toBeLessThan(MAX_WORKER_FILE_BYTES);
    expect(parseWorkerFile(text, 'wide.worker').diagnostics[0]?.code).toBe('file-too-large');
  });

  it('refuses a YAML alias bomb with a diagnostic', () => {
    const lines = ['name: a', 'x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let level = 1; level < 9; level++) {
      const previous = `*a${level - 1}`;
      lines.push(`x${level}: &a${level} [${Array(9).fill(previous).join(', ')}]`);
    }
    const result = parseWorkerFile(`---\n${lines.join('\n')}\n---\n`, 'bomb.worker');
    expect(result.definition).toBeUndefined();
    expect(result.diagnostics.some((entry) => entry.code === 'yaml-syntax' && /alias/i.test(entry.message))).toBe(true);
  });

  it('never throws and always gives positions inside the file, for any text', () => {
    const fragments = ['---', '\n', '\r\n', 'name: ', 'a', ' ', ':', '[', ']', '{', '}', '"', "'", '-', '#', '&x', '*x', '\t', 'toolsets:', '  workers:', 'allowed_workers:', '1', 'null', '€'];
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(fc.constantFrom(...fragments)).map((parts) => parts.join(''))), (text) => {
        const result = parseWorkerFile(text, 'any.worker');
        const lineCount = text.split('\n').length;
        for (const entry of result.diagnostics) {
          expect(entry.line).toBeGreaterThanOrEqual(1);
          expect(entry.column).toBeGreaterThanOrEqual(1);
          expect(entry.line).toBeLessThanOrEqual(lineCount);
          expect(entry.message.length).toBeGreaterThan(0);
        }
        expect(result.definition === undefined || result.diagnostics.every((entry) => entry.severity !== 'error')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('splitFrontmatter', () => {
  it('finds no frontmatter when the first line is not a fence', () => {
    expect(splitFrontmatter('x\n---\n')).toMatchObject({ found: false, unclosed: false, body: 'x\n---\n' });
  });

  it('detects the line break of the opening fence', () => {
    expect(splitFrontmatter('---\r\nname: a\r\n---\r\n').lineBreak).toBe('\r\n');
    expect(splitFrontmatter('---\nname: a\n---\n').lineBreak).toBe('\n');
  });
});
