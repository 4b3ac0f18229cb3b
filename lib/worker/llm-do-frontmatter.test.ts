import { describe, expect, it } from 'vitest';
import { parseWorkerFile } from '@/lib/worker/parse-worker-file';

const errors = (text: string, path: string) => parseWorkerFile(text, path).diagnostics.filter((entry) => entry.severity === 'error');

describe('llm-do worker files into one WorkerDefinition', () => {
  it('reads a HEAD .agent file: toolsets as a list of built-ins and agent names', () => {
    const text = [
      '---',
      'name: main',
      'model: anthropic:claude-haiku-4-5',
      'toolsets:',
      '  - filesystem_project',
      '  - dynamic_agents',
      '  - pitch_evaluator',
      '---',
      'Evaluate the decks.',
      '',
    ].join('\n');
    const result = parseWorkerFile(text, 'main.agent');
    expect(result.diagnostics).toEqual([]);
    expect(result.definition).toMatchObject({
      name: 'main',
      toolsets: { filesystem: {}, dynamic_workers: {}, workers: { allowed_workers: ['pitch_evaluator'] } },
      instructions: 'Evaluate the decks.\n',
    });
  });

  it('maps the read-only filesystems to filesystem with write_file blocked, unless a writable one is listed too', () => {
    for (const name of ['filesystem_project_ro', 'filesystem_cwd_ro']) {
      const result = parseWorkerFile(`---\nname: a\ntoolsets: [${name}]\n---\n`, 'a.agent');
      expect(result.definition?.toolsets).toEqual({ filesystem: { approvals: { write_file: 'blocked' } } });
    }
    const both = parseWorkerFile('---\nname: a\ntoolsets: [filesystem_cwd, filesystem_project_ro]\n---\n', 'a.agent');
    expect(both.definition?.toolsets).toEqual({ filesystem: {} });
  });

  it('warns, located, about what needs Python and still gives a definition', () => {
    const text = [
      '---',
      'name: a',
      'tools: [calc]',
      'server_side_tools:',
      '  - tool_type: web_search',
      'input_model_ref: schemas.py:Input',
      'toolsets: [shell_readonly, filesystem_project]',
      '---',
      'Do it.',
    ].join('\n');
    const result = parseWorkerFile(text, 'a.agent');
    expect(result.definition?.toolsets).toEqual({ filesystem: {} });
    const warnings = result.diagnostics.filter((entry) => entry.code === 'unsupported-in-browser');
    expect(warnings.map((entry) => [entry.line, entry.severity])).toEqual([
      [3, 'warning'],
      [4, 'warning'],
      [6, 'warning'],
      [7, 'warning'],
    ]);
    for (const warning of warnings) expect(warning.message).toMatch(/not supported in the browser.*the rest of the worker runs/);
    expect(warnings[0]!.message).toMatch(/^"tools" names Python tool functions/);
  });

  it('ignores unknown keys in .agent files with a warning, as llm-do does, but keeps them errors in .worker files', () => {
    const agent = parseWorkerFile('---\nname: a\ncolour: red\n---\n', 'a.agent');
    expect(agent.definition?.name).toBe('a');
    expect(agent.diagnostics).toMatchObject([{ severity: 'warning', code: 'ignored-key', line: 3 }]);
    expect(errors('---\nname: a\ncolour: red\n---\n', 'a.worker').map((entry) => entry.code)).toEqual(['unknown-key']);
  });

  it('reads the legacy mapping: filesystem approvals, delegation workers and dynamic tools', () => {
    const text = [
      '---',
      'name: main',
      'model: null',
      'toolsets:',
      '  filesystem: { read_approval: false, write_approval: false }',
      '  delegation:',
      '    pitch_evaluator: {}',
      '    worker_call: {}',
      '    worker_create: {}',
      '  shell:',
      '    rules: [{ pattern: ls, approval_required: false }]',
      'locked: true',
      '---',
      '',
    ].join('\n');
    const result = parseWorkerFile(text, 'main.worker');
    expect(result.definition?.toolsets).toEqual({
      filesystem: { approvals: { read_file: 'pre_approved', list_files: 'pre_approved', write_file: 'pre_approved' } },
      workers: { allowed_workers: ['pitch_evaluator'] },
      dynamic_workers: {},
    });
    expect(result.definition?.model).toBeUndefined();
    expect(result.diagnostics.map((entry) => [entry.code, entry.line])).toEqual([
      ['unsupported-in-browser', 10],
      ['ignored-key', 12],
    ]);
  });

  it('reads delegation.allow_workers (llm-do 2025-12-01) and merges it with Workerbench workers', () => {
    const text = '---\nname: a\ntoolsets:\n  delegation:\n    allow_workers: [b, c]\n  workers:\n    allowed_workers: [c, d]\n---\n';
    expect(parseWorkerFile(text, 'a.worker').definition?.toolsets).toEqual({ workers: { allowed_workers: ['b', 'c', 'd'] } });
  });

  it('uses the legacy instructions key only when the body is empty', () => {
    expect(parseWorkerFile('---\nname: a\ninstructions: From the key.\n---\n', 'a.worker').definition?.instructions).toBe('From the key.');
    expect(parseWorkerFile('---\nname: a\ninstructions: From the key.\n---\nBody.\n', 'a.worker').definition?.instructions).toBe('Body.\n');
  });

  it('refuses a toolset list entry that can be neither a toolset nor an agent', () => {
    expect(errors('---\nname: a\ntoolsets: [filesystem_project, "a.b c"]\n---\n', 'a.agent')).toMatchObject([{ code: 'unknown-toolset', line: 3 }]);
  });
});

describe('whose tool names a worker file expects', () => {
  const toolNamesOf = (toolsets: string, path = 'main.worker') =>
    parseWorkerFile(['---', 'name: main', toolsets, '---', 'Go.', ''].join('\n'), path).definition?.toolNames;

  it("llm-do's for .agent files, llm-do lists and dynamic_agents; legacy for delegation; Workerbench's otherwise", () => {
    expect(toolNamesOf('', 'main.agent')).toBe('llm-do');
    expect(toolNamesOf('toolsets: [filesystem_project, dynamic_agents]')).toBe('llm-do');
    expect(toolNamesOf('toolsets: { dynamic_agents: {} }')).toBe('llm-do');
    expect(toolNamesOf('toolsets: { delegation: { worker_call: {} } }')).toBe('llm-do-legacy');
    expect(toolNamesOf('toolsets: [filesystem, dynamic_workers]')).toBeUndefined();
    expect(toolNamesOf('toolsets: { filesystem: {}, dynamic_workers: {} }')).toBeUndefined();
    expect(toolNamesOf('')).toBeUndefined();
  });
});
