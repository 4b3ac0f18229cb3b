import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '@/lib/worker/diagnostic';
import { workerToolPreview, type PreviewedTool } from './worker-tool-preview';

/** A worker file from frontmatter lines. */
function worker(...frontmatter: string[]): string {
  return `---\n${frontmatter.join('\n')}\n---\nDo the work.\n`;
}

function toolOf(text: string, others: Record<string, string> = {}, path = 'reviewer.worker'): PreviewedTool {
  const texts = new Map(Object.entries({ ...others, [path]: text }).map(([file, content]) => [file, { text: content }]));
  const preview = workerToolPreview(path, texts);
  if (preview?.status !== 'ready') throw new Error(`expected a tool, got ${JSON.stringify(preview)}`);
  return preview.tool;
}

function properties(tool: PreviewedTool): Record<string, Record<string, unknown>> {
  return tool.parameters.properties as Record<string, Record<string, unknown>>;
}

describe('workerToolPreview', () => {
  it('shows the generic tool of a plain worker, named after it', () => {
    const tool = toolOf(worker('name: reviewer', 'description: Reviews a text.'));
    expect(tool.name).toBe('reviewer');
    expect(tool.description).toBe('Reviews a text.');
    expect(Object.keys(properties(tool))).toEqual(['input', 'instructions', 'attachments']);
    expect(properties(tool).input).toMatchObject({ type: 'string' });
    expect(tool.parameters.required).toEqual(['input']);
    expect(tool.parameters.additionalProperties).toBe(false);
  });

  it('describes the attachments parameter from the policy, and max_attachments: 0 removes it', () => {
    const limited = toolOf(worker('name: reviewer', 'attachment_policy: { max_attachments: 2, allowed_suffixes: [.pdf] }'));
    expect(String(properties(limited).attachments?.description)).toMatch(/\.pdf/);
    expect(String(properties(limited).attachments?.description)).toMatch(/At most 2\./);

    const none = toolOf(worker('name: reviewer', 'attachment_policy: { max_attachments: 0 }'));
    expect(properties(none)).not.toHaveProperty('attachments');
    expect(none.description).toContain('Takes no attachments.');
  });

  it('makes attachments required (and input optional) when the policy requires them', () => {
    const tool = toolOf(worker('name: reviewer', 'attachment_policy:', '  required: true'));
    expect(tool.parameters.required).toEqual(['attachments']);
    expect(properties(tool).attachments).toMatchObject({ minItems: 1 });
  });

  it('turns slots into named parameters, in declaration order', () => {
    const tool = toolOf(
      worker(
        'name: reviewer',
        'attachment_policy:',
        '  slots:',
        '    - { name: deck, required: true, allowed_suffixes: [.pdf] }',
        '    - { name: financials }',
      ),
    );
    expect(Object.keys(properties(tool))).toEqual(['input', 'instructions', 'deck', 'financials']);
    expect(tool.parameters.required).toEqual(['deck']);
    expect(String(properties(tool).deck?.description)).toContain('.pdf');
  });

  it('replaces the input string with the inline input schema', () => {
    const tool = toolOf(
      worker('name: reviewer', 'input_schema:', '  type: object', '  required: [company]', '  properties:', '    company: { type: string }'),
    );
    expect(properties(tool).input).toEqual({ type: 'object', required: ['company'], properties: { company: { type: 'string' } } });
  });

  it('reads input_schema_ref from the in-memory texts, relative to the worker file', () => {
    const schema = JSON.stringify({ type: 'object', properties: { ticker: { type: 'string' } } });
    const tool = toolOf(worker('name: reviewer', 'input_schema_ref: ../schemas/in.json'), { 'schemas/in.json': schema }, 'workers/reviewer.worker');
    expect(properties(tool).input).toEqual({ type: 'object', properties: { ticker: { type: 'string' } } });
  });

  it('allow_empty_input makes input optional', () => {
    const tool = toolOf(worker('name: reviewer', 'allow_empty_input: true'));
    expect(tool.parameters).not.toHaveProperty('required');
    expect(properties(tool)).toHaveProperty('input');
  });

  it('mentions the output shape in the description when an output schema is set', () => {
    const tool = toolOf(
      worker('name: reviewer', 'description: Scores a deck.', 'output_schema:', '  type: object', '  properties:', '    score: { type: integer }'),
    );
    expect(tool.description.split('\n')[0]).toBe('Scores a deck.');
    expect(tool.description).toMatch(/Returns JSON: .*score/);
  });

  it('reports the problems of a file with errors instead of a tool', () => {
    const preview = workerToolPreview('reviewer.worker', new Map([['reviewer.worker', { text: worker('name: reviewer', 'colour: blue') }]]));
    expect(preview?.status).toBe('problems');
    if (preview?.status !== 'problems') return;
    expect(preview.problems).toHaveLength(1);
    expect(preview.problems[0]).toMatchObject({ line: 3, severity: 'error' });
    expect(preview.problems[0]?.message).toContain('colour');
  });

  it('reports a schema ref that points at no file as a problem', () => {
    const preview = workerToolPreview('reviewer.worker', new Map([['reviewer.worker', { text: worker('name: reviewer', 'output_schema_ref: out.json') }]]));
    expect(preview).toMatchObject({ status: 'problems', problems: [{ code: 'schema-ref-missing', line: 3 }] });
  });

  it('hides the tool when the project analysis found errors in this file, without repeating one it found itself', () => {
    const text = worker('name: reviewer', 'output_schema_ref: out.json');
    const own = workerToolPreview('reviewer.worker', new Map([['reviewer.worker', { text }]]));
    if (own?.status !== 'problems') throw new Error('expected problems');
    const duplicateName: Diagnostic = { file: 'reviewer.worker', line: 2, column: 7, endLine: 2, endColumn: 15, severity: 'error', code: 'duplicate-name', message: 'Worker name "reviewer" is also used by "b.worker"' };
    const elsewhere: Diagnostic = { ...duplicateName, file: 'b.worker' };
    const warning: Diagnostic = { ...duplicateName, severity: 'warning', code: 'self-reference', message: 'allows itself' };
    const preview = workerToolPreview('reviewer.worker', new Map([['reviewer.worker', { text }]]), [...own.problems, duplicateName, elsewhere, warning]);
    expect(preview).toMatchObject({ status: 'problems', problems: [{ code: 'duplicate-name' }, { code: 'schema-ref-missing' }] });
    if (preview?.status === 'problems') expect(preview.problems).toHaveLength(2);

    // Warnings alone do not hide the tool.
    const clean = workerToolPreview('reviewer.worker', new Map([['reviewer.worker', { text: worker('name: reviewer') }]]), [warning]);
    expect(clean?.status).toBe('ready');
  });

  it('is null for anything but an open .worker text', () => {
    expect(workerToolPreview('notes.md', new Map([['notes.md', { text: '# Notes' }]]))).toBeNull();
    expect(workerToolPreview('missing.worker', new Map())).toBeNull();
  });
});

describe('workerToolPreview of llm-do files', () => {
  it("shows a legacy worker's instructions with its templates expanded from the open texts", () => {
    const text = "---\nname: reviewer\n---\nUse this rubric:\n{{ file('rubric.md') }}\n";
    const tool = toolOf(text, { 'rubric.md': 'Be fair.' });
    expect(tool.expandedInstructions).toBe('Use this rubric:\nBe fair.\n');
    expect(toolOf(worker('name: reviewer')).expandedInstructions).toBeUndefined();
  });

  it('lists a missing template file as a problem at its tag', () => {
    const texts = new Map([['reviewer.worker', { text: "---\nname: reviewer\n---\n{% include 'gone.md' %}\n" }]]);
    expect(workerToolPreview('reviewer.worker', texts)).toMatchObject({ status: 'problems', problems: [{ code: 'template-file-missing', line: 4, column: 1 }] });
  });

  it('previews an .agent file as llm-do callers see it: {input, attachments}', () => {
    const tool = toolOf('---\nname: scribe\n---\nWrite.\n', {}, 'scribe.agent');
    expect(Object.keys(properties(tool))).toEqual(['input', 'attachments']);
  });
});
