import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_STEPS, DEFAULT_MAX_RETRIES, DEFAULT_MAX_CONCURRENCY } from '@/lib/project/manifest-schema';
import { defaultManifest, parseManifest } from '@/lib/project/parse-manifest';

describe('parseManifest', () => {
  it('fills defaults for an empty object', () => {
    const result = parseManifest('{}');
    expect(result.diagnostics).toEqual([]);
    expect(result.manifest).toEqual({
      entry: 'main',
      runtime: { approval_mode: 'prompt', max_depth: DEFAULT_MAX_DEPTH, max_steps: DEFAULT_MAX_STEPS, max_retries: DEFAULT_MAX_RETRIES, max_concurrency: DEFAULT_MAX_CONCURRENCY },
    });
  });

  it('reads a full manifest', () => {
    const text = JSON.stringify({
      name: 'demo',
      entry: 'orchestrator',
      default_model: 'demo:scripted',
      generated_workers_dir: 'generated',
      worker_files: ['a.worker'],
      runtime: { approval_mode: 'approve_all', max_depth: 3, max_steps: 10 },
    });
    const result = parseManifest(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.manifest).toMatchObject({ entry: 'orchestrator', generated_workers_dir: 'generated', runtime: { approval_mode: 'approve_all', max_depth: 3, max_steps: 10 } });
  });

  it('fills runtime defaults inside a partial runtime', () => {
    expect(parseManifest('{"runtime": {"max_depth": 2}}').manifest.runtime).toEqual({
      approval_mode: 'prompt',
      max_depth: 2,
      max_steps: DEFAULT_MAX_STEPS,
      max_retries: DEFAULT_MAX_RETRIES,
      max_concurrency: DEFAULT_MAX_CONCURRENCY,
    });
    expect(parseManifest('{"runtime": {"max_retries": 0, "max_concurrency": 1}}').manifest.runtime).toMatchObject({ max_retries: 0, max_concurrency: 1 });
    expect(parseManifest('{"runtime": {"max_retries": -1}}').diagnostics.length).toBeGreaterThan(0);
    expect(parseManifest('{"runtime": {"max_concurrency": 0}}').diagnostics.length).toBeGreaterThan(0);
  });

  it.each([
    ['trailing comma', '{\n  "entry": "main",\n}', 3, 1],
    ['missing colon', '{"entry" "main"}', 1, 10],
    ['missing comma in array', '{"worker_files": ["a" "b"]}', 1, 23],
    ['single quotes', "{\n  'entry': 'main'\n}", 2, 3],
    ['comment', '{\n  // entry\n  "entry": "main"\n}', 2, 3],
  // eslint-disable-next-line @typescript-eslint/max-params -- vitest's it.each spreads each table row into the callback's parameters
  ])('reports a JSON syntax error (%s) at its position, with defaults', (_label, text, line, column) => {
    const result = parseManifest(text);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: 'json-syntax', severity: 'error', line, column, file: 'project.json' });
    expect(result.diagnostics[0]!.message).toMatch(/^JSON: /);
    expect(result.manifest).toEqual(defaultManifest());
  });

  it('reports an empty file at the end', () => {
    const result = parseManifest('');
    expect(result.diagnostics[0]).toMatchObject({ code: 'json-syntax', line: 1, column: 1 });
    expect(result.diagnostics[0]!.message).toContain('Unexpected end');
  });

  it('reports a manifest that is not an object', () => {
    expect(parseManifest('[1, 2]').diagnostics[0]).toMatchObject({ code: 'manifest-not-object', line: 1, column: 1 });
  });

  it('places schema violations on the key or value and keeps the valid fields', () => {
    const text = '{\n  "entry": "my entry",\n  "default_model": "demo:scripted",\n  "runtime": { "max_depth": -1, "approval_mode": "sometimes" },\n  "colour": "red"\n}';
    const result = parseManifest(text);
    const summary = result.diagnostics.map(({ code, line, column }) => ({ code, line, column }));
    expect(summary).toEqual(
      expect.arrayContaining([
        { code: 'invalid-value', line: 2, column: 12 },
        { code: 'invalid-value', line: 4, column: 29 },
        { code: 'invalid-value', line: 4, column: 50 },
        { code: 'unknown-key', line: 5, column: 3 },
      ]),
    );
    expect(result.diagnostics.find((entry) => entry.code === 'unknown-key')!.message).toMatch(/Unknown key "colour" in project.json/);
    expect(result.diagnostics.find((entry) => entry.line === 4 && entry.column === 29)!.message).toMatch(/"runtime.max_depth" must be at least 0, but it is -1/);
    // Broken fields fall back to defaults; the valid one is kept.
    expect(result.manifest.default_model).toBe('demo:scripted');
    expect(result.manifest.entry).toBe('main');
    expect(result.manifest.runtime.max_depth).toBe(DEFAULT_MAX_DEPTH);
  });

  it('reports wrong types with the field name', () => {
    const result = parseManifest('{"worker_files": "main.worker"}');
    expect(result.diagnostics[0]).toMatchObject({ code: 'invalid-type', line: 1, column: 18 });
    expect(result.diagnostics[0]!.message).toBe('"worker_files" must be a list, but it is the text "main.worker"');
  });

  it('refuses paths that leave the project and forgets such a generated_workers_dir', () => {
    const result = parseManifest('{"generated_workers_dir": "../outside", "worker_files": ["ok.worker", "/../x.worker"]}');
    expect(result.diagnostics.map((entry) => [entry.code, entry.column])).toEqual([
      ['invalid-path', 27],
      ['invalid-path', 71],
    ]);
    expect(result.manifest.generated_workers_dir).toBeUndefined();
  });

  it('warns about a duplicated key, whose last value JSON keeps', () => {
    const result = parseManifest('{\n  "entry": "a",\n  "entry": "b"\n}');
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'duplicate-key', severity: 'warning', line: 3, column: 3 })]);
    expect(result.manifest.entry).toBe('b');
  });

  it('never throws on arbitrary text', () => {
    for (const text of ['{', '}', 'null', '"x"', '{"runtime": null}', '{"entry": {}}', '\u0000', '{"a":'.repeat(1000)]) {
      expect(() => parseManifest(text)).not.toThrow();
      expect(parseManifest(text).manifest.entry).toBe('main');
    }
  });

  it("reads llm-do's version 1 manifest into the same manifest, with warnings for what needs Python", () => {
    const text = JSON.stringify(
      {
        version: 1,
        runtime: {
          approval_mode: 'approve_all',
          max_depth: 3,
          auth_mode: 'oauth_off',
          agent_calls_require_approval: true,
          agent_attachments_require_approval: false,
          agent_approval_overrides: { evaluator: { calls_require_approval: false } },
        },
        entry: { agent: 'orchestrator', args: { input: 'Evaluate the decks.' }, function: 'tools.py:main' },
        agent_files: ['orchestrator.agent', 'evaluator.agent'],
        python_files: ['tools.py'],
        generated_agents_dir: 'gen',
        allow_cli_input: false,
      },
      null,
      2,
    );
    const result = parseManifest(text);
    expect(result.diagnostics.filter((entry) => entry.severity === 'error')).toEqual([]);
    expect(result.manifest).toEqual({
      entry: 'orchestrator',
      entry_args: { input: 'Evaluate the decks.' },
      worker_files: ['orchestrator.agent', 'evaluator.agent'],
      generated_workers_dir: 'gen',
      runtime: {
        approval_mode: 'approve_all',
        // llm-do counts the entry agent as a level, Workerbench counts the calls below it.
        max_depth: 2,
        max_steps: DEFAULT_MAX_STEPS,
        max_retries: 5,
        max_concurrency: 4,
        agent_calls_require_approval: true,
        agent_attachments_require_approval: false,
        agent_approval_overrides: { evaluator: { calls_require_approval: false } },
      },
    });
    const byCode = result.diagnostics.map((entry) => [entry.code, entry.severity, entry.line]);
    // auth_mode (line 6), entry.function (line 20), python_files (line 26): each located.
    expect(byCode).toEqual([
      ['unsupported-in-browser', 'warning', 20],
      ['unsupported-in-browser', 'warning', 26],
      ['ignored-key', 'info', 6],
    ]);
  });

  it("keeps generated agents inside the project when llm-do's folder is outside it", () => {
    const result = parseManifest(JSON.stringify({ version: 1, runtime: {}, entry: { agent: 'main' }, agent_files: ['main.agent'], generated_agents_dir: '/tmp/llm-do/generated' }));
    expect(result.manifest.generated_workers_dir).toBe('generated');
    expect(result.diagnostics.map((entry) => entry.code)).toEqual(['generated-folder-moved']);
  });
});
