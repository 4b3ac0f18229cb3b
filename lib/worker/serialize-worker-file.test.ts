import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWorkerFile } from '@/lib/worker/parse-worker-file';
import { replaceFrontmatter, serializeWorkerFile } from '@/lib/worker/serialize-worker-file';
import type { WorkerFrontmatter } from '@/lib/worker/worker-schema';

// "__proto__" matches the pattern but is a reserved name (see worker-schema.ts).
const nameArbitrary = fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/).filter((name) => name !== '__proto__');
const textArbitrary = fc.string({ unit: 'binary', maxLength: 200 });
const bodyArbitrary = fc.oneof(
  textArbitrary,
  fc.array(fc.constantFrom('---', '\n', '\r\n', 'name: x', '...', '# Title', '  ', '\t', 'é', '💡', '', '---\n')).map((parts) => parts.join('')),
);

const frontmatterArbitrary: fc.Arbitrary<WorkerFrontmatter> = fc.record(
  {
    name: nameArbitrary,
    description: textArbitrary,
    model: fc.constantFrom('anthropic:claude-sonnet-4-5', 'demo:scripted', 'openai:gpt-4.1'),
    compatible_models: fc.array(fc.string({ minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 3 }),
    toolsets: fc.record(
      {
        filesystem: fc.constant({}),
        workers: fc.record({ allowed_workers: fc.array(nameArbitrary, { maxLength: 3 }) }),
        dynamic_workers: fc.constant({}),
      },
      { requiredKeys: [] },
    ),
    attachment_policy: fc.record(
      { max_attachments: fc.nat(10), max_total_bytes: fc.nat(), allowed_suffixes: fc.array(fc.constantFrom('.pdf', '.txt', '.md')) },
      { requiredKeys: [] },
    ),
    input_schema: fc.constant({ type: 'object', properties: { company: { type: 'string' } } }),
    output_schema_ref: fc.constantFrom('schemas/out.json', './x.json'),
    allow_empty_input: fc.boolean(),
    max_steps: fc.integer({ min: 1, max: 200 }),
    pdf_input: fc.constantFrom('auto', 'native', 'text'),
  },
  { requiredKeys: ['name'] },
) as fc.Arbitrary<WorkerFrontmatter>;

describe('serializeWorkerFile', () => {
  it('round-trips frontmatter and keeps the body byte-identical', () => {
    fc.assert(
      fc.property(frontmatterArbitrary, bodyArbitrary, (frontmatter, body) => {
        const text = serializeWorkerFile(frontmatter, body);
        const parsed = parseWorkerFile(text, 'w.worker');
        expect(parsed.diagnostics).toEqual([]);
        expect(parsed.body).toBe(body);
        const { instructions, path, ...back } = parsed.definition!;
        expect(instructions).toBe(body);
        expect(path).toBe('w.worker');
        expect(back).toEqual(frontmatter);
      }),
      { numRuns: 300 },
    );
  });

  it('writes name first and drops undefined values', () => {
    const text = serializeWorkerFile({ description: 'd', name: 'n', model: undefined } as unknown as WorkerFrontmatter, 'body');
    expect(text).toBe('---\nname: n\ndescription: d\n---\nbody');
  });

  it.each(['constructor', 'toString', '__proto__'])('keeps an unknown key named "%s"', (key) => {
    const frontmatter = JSON.parse(`{"name":"n","${key}":"kept"}`) as WorkerFrontmatter;
    expect(serializeWorkerFile(frontmatter, 'body')).toBe(`---\nname: n\n${key}: kept\n---\nbody`);
  });

  it('uses CRLF when asked', () => {
    expect(serializeWorkerFile({ name: 'n' }, 'b', '\r\n')).toBe('---\r\nname: n\r\n---\r\nb');
  });
});

describe('replaceFrontmatter', () => {
  it('replaces only the frontmatter of any parsed file', () => {
    fc.assert(
      fc.property(frontmatterArbitrary, frontmatterArbitrary, bodyArbitrary, (before, after, body) => {
        const original = serializeWorkerFile(before, body);
        const updated = replaceFrontmatter(original, after);
        const parsed = parseWorkerFile(updated, 'w.worker');
        expect(parsed.body).toBe(body);
        expect(parsed.definition?.name).toBe(after.name);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a hand-written body and the CRLF style of the file', () => {
    const original = '---\r\nname: old # comment\r\n---\r\n# Body\r\n---\r\nmore\r\n';
    expect(replaceFrontmatter(original, { name: 'new' })).toBe('---\r\nname: new\r\n---\r\n# Body\r\n---\r\nmore\r\n');
  });

  it('keeps a byte-order mark', () => {
    expect(replaceFrontmatter('\uFEFF---\nname: a\n---\nx', { name: 'b' })).toBe('\uFEFF---\nname: b\n---\nx');
  });

  it('never loses text: a file without frontmatter becomes the body', () => {
    expect(replaceFrontmatter('just text\n', { name: 'a' })).toBe('---\nname: a\n---\njust text\n');
    const unclosed = '---\nname: a\nno closing fence\n';
    const updated = replaceFrontmatter(unclosed, { name: 'b' });
    expect(updated.endsWith(unclosed)).toBe(true);
    expect(parseWorkerFile(updated, 'w.worker').definition?.name).toBe('b');
  });
});
