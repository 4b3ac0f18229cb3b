import { describe, expect, it } from 'vitest';
import { analyzeProject, type ProjectFile } from '@/lib/project/analyze-project';

const worker = (name: string, ...lines: string[]) => `---\nname: ${name}\n${lines.map((line) => `${line}\n`).join('')}---\nDo the work.\n`;
const manifest = (fields: Record<string, unknown> = {}) => JSON.stringify(fields, null, 2);

function analyze(files: ProjectFile[], manifestText: string | null = manifest()) {
  return analyzeProject({ manifestText, files });
}

const brief = (diagnostics: { file: string; code: string; line: number; column: number; severity: string }[]) =>
  diagnostics.map(({ file, code, line, column, severity }) => ({ file, code, line, column, severity }));

describe('analyzeProject', () => {
  it('loads a clean project keyed by worker name', () => {
    const project = analyze([
      { path: 'main.worker', text: worker('main', 'toolsets:', '  workers: { allowed_workers: [helper] }') },
      { path: 'workers/helper.worker', text: worker('helper', 'input_schema_ref: ../schemas/in.json', 'output_schema: { type: object }') },
      { path: 'schemas/in.json', text: '{"type": "object", "properties": {"company": {"type": "string"}}}' },
      { path: 'notes.md', text: '# not a worker' },
    ]);
    expect(project.diagnostics).toEqual([]);
    expect([...project.workers.keys()]).toEqual(['main', 'helper']);
    expect([...project.workerPaths]).toEqual([
      ['main.worker', 'main'],
      ['workers/helper.worker', 'helper'],
    ]);
    expect(project.workers.get('helper')?.path).toBe('workers/helper.worker');
    expect(project.schemas.get('helper')).toEqual({
      input: { type: 'object', properties: { company: { type: 'string' } } },
      output: { type: 'object' },
    });
    expect(project.schemas.get('main')).toEqual({});
  });

  it('reports duplicate names on each file, naming the other, and keeps the first by path', () => {
    const project = analyze([
      { path: 'b.worker', text: worker('main') },
      { path: 'a.worker', text: worker('main', 'description: first') },
    ]);
    expect(brief(project.diagnostics)).toEqual([
      { file: 'a.worker', code: 'duplicate-name', line: 2, column: 7, severity: 'error' },
      { file: 'b.worker', code: 'duplicate-name', line: 2, column: 7, severity: 'error' },
    ]);
    expect(project.diagnostics[0]!.message).toContain('"b.worker"');
    expect(project.diagnostics[1]!.message).toContain('"a.worker"');
    expect(project.workers.get('main')?.path).toBe('a.worker');
  });

  it('reports a worker named like a built-in tool', () => {
    const project = analyze([
      { path: 'main.worker', text: worker('main') },
      { path: 'reader.worker', text: worker('read_file') },
    ]);
    expect(brief(project.diagnostics)).toEqual([{ file: 'reader.worker', code: 'name-collision', line: 2, column: 7, severity: 'error' }]);
    expect(project.diagnostics[0]!.message).toMatch(/built-in tool of the "filesystem" toolset/);
  });

  it('reports allowed_workers naming no worker at the list item, with a suggestion', () => {
    const project = analyze([
      { path: 'main.worker', text: worker('main', 'toolsets:', '  workers:', '    allowed_workers:', '      - helper', '      - helpr') },
      { path: 'helper.worker', text: worker('helper') },
    ]);
    expect(brief(project.diagnostics)).toEqual([{ file: 'main.worker', code: 'unknown-worker', line: 7, column: 9, severity: 'error' }]);
    expect(project.diagnostics[0]!.message).toBe('allowed_workers names "helpr", but no worker in the project has that name (did you mean "helper"?)');
  });

  it('warns when a worker allows itself or lists a worker twice', () => {
    const project = analyze([{ path: 'main.worker', text: worker('main', 'toolsets:', '  workers: { allowed_workers: [main, main] }') }]);
    expect(brief(project.diagnostics)).toEqual([
      { file: 'main.worker', code: 'self-reference', line: 4, column: 32, severity: 'warning' },
      { file: 'main.worker', code: 'duplicate-allowed-worker', line: 4, column: 38, severity: 'warning' },
    ]);
    expect(project.workers.has('main')).toBe(true);
  });

  it('reports an allowed worker whose tool name clashes with another tool of the same worker', () => {
    const project = analyze([
      { path: 'main.worker', text: worker('main', 'toolsets:', '  filesystem: {}', '  workers: { allowed_workers: [write_file] }') },
      { path: 'writer.worker', text: worker('write_file') },
    ]);
    expect(brief(project.diagnostics)).toEqual([
      { file: 'main.worker', code: 'tool-name-clash', line: 5, column: 32, severity: 'error' },
      { file: 'writer.worker', code: 'name-collision', line: 2, column: 7, severity: 'error' },
    ]);
    expect(project.diagnostics[0]!.message).toMatch(/"write_file" has the same name as a tool of the "filesystem" toolset/);
  });

  it('does not blame allowed_workers for a worker that exists but has errors of its own', () => {
    const project = analyze([
      { path: 'main.worker', text: worker('main', 'toolsets:', '  workers: { allowed_workers: [helper] }') },
      { path: 'helper.worker', text: worker('helper', 'colour: red') },
    ]);
    expect(project.diagnostics.map((entry) => entry.code)).toEqual(['unknown-key']);
    expect(project.workers.has('helper')).toBe(false);
    expect(project.workerPaths.get('helper.worker')).toBe('helper');
  });

  it('reports an entry naming no worker at the entry value in project.json', () => {
    const project = analyze([{ path: 'main.worker', text: worker('main') }], manifest({ entry: 'mian' }));
    expect(brief(project.diagnostics)).toEqual([{ file: 'project.json', code: 'unknown-entry', line: 2, column: 12, severity: 'error' }]);
    expect(project.diagnostics[0]!.message).toBe('The entry worker "mian" does not exist (did you mean "main"?)');
  });

  it('reports the default entry at the start of project.json, and a missing project.json', () => {
    expect(brief(analyze([], '{}').diagnostics)).toEqual([{ file: 'project.json', code: 'unknown-entry', line: 1, column: 1, severity: 'error' }]);
    const withoutManifest = analyze([{ path: 'main.worker', text: worker('main') }], null);
    expect(brief(withoutManifest.diagnostics)).toEqual([{ file: 'project.json', code: 'missing-manifest', line: 1, column: 1, severity: 'warning' }]);
    expect(withoutManifest.workers.has('main')).toBe(true);
  });

  describe('schemas', () => {
    const withRef = (ref: string, files: ProjectFile[] = []) =>
      analyze([{ path: 'main.worker', text: worker('main', 'description: x', `output_schema_ref: ${ref}`) }, ...files]);

    it('reports a ref to a missing file at the ref value', () => {
      const project = withRef('schemas/out.json');
      expect(brief(project.diagnostics)).toEqual([{ file: 'main.worker', code: 'schema-ref-missing', line: 4, column: 20, severity: 'error' }]);
      expect(project.diagnostics[0]!.message).toBe('"output_schema_ref": the file "schemas/out.json" does not exist');
    });

    it('reports a ref to invalid JSON with the position inside that file', () => {
      const project = withRef('out.json', [{ path: 'out.json', text: '{\n  "type": "object",\n}' }]);
      expect(brief(project.diagnostics)).toEqual([
        { file: 'main.worker', code: 'schema-ref-invalid-json', line: 4, column: 20, severity: 'error' },
        { file: 'out.json', code: 'json-syntax', line: 3, column: 1, severity: 'error' },
      ]);
      expect(project.diagnostics[0]!.message).toMatch(/"out.json" is not valid JSON \(.* at line 3, column 1\)/);
    });

    it('reports a ref to something that is not a JSON Schema', () => {
      const project = withRef('out.json', [{ path: 'out.json', text: '{"type": 12}' }]);
      expect(project.diagnostics.map((entry) => entry.code)).toEqual(['invalid-json-schema', 'invalid-json-schema']);
      const [inWorker, inFile] = [...project.diagnostics].sort((left, right) => left.file.localeCompare(right.file));
      expect(inWorker!.message).toMatch(/"out.json" is not a valid JSON Schema: "type" must be one of "array", .*, but it is 12/);
      // The schema file itself is marked at the offending key.
      expect(inFile).toMatchObject({ file: 'out.json', line: 1, column: 2 });
      expect(inFile!.message).toMatch(/referenced by "main.worker" as output_schema_ref\): "type" must be one of/);
      const array = withRef('out.json', [{ path: 'out.json', text: '[1]' }]);
      expect(array.diagnostics[0]!.message).toMatch(/must be a mapping, but it is a list/);
    });

    it('reports a ref that leaves the project', () => {
      expect(withRef('../../etc/passwd').diagnostics.map((entry) => entry.code)).toEqual(['schema-ref-outside']);
    });

    it('accepts 2020-12 and draft-07 schemas and a root-relative ref', () => {
      const project = analyze([
        { path: 'a/main.worker', text: worker('main', 'input_schema_ref: /s/in.json', 'output_schema_ref: ./out.json') },
        { path: 's/in.json', text: '{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "prefixItems": [{"type": "string"}]}' },
        { path: 'a/out.json', text: '{"$schema": "http://json-schema.org/draft-07/schema#", "type": "string", "format": "email", "examples": ["a@b.c"]}' },
      ]);
      expect(project.diagnostics).toEqual([]);
      expect(project.schemas.get('main')?.output).toMatchObject({ format: 'email' });
    });

    it('reports an inline schema that is not valid at the offending key', () => {
      const project = analyze([{ path: 'main.worker', text: worker('main', 'input_schema: { type: object, required: yes }') }]);
      expect(brief(project.diagnostics)).toEqual([{ file: 'main.worker', code: 'invalid-json-schema', line: 3, column: 31, severity: 'error' }]);
      expect(project.diagnostics[0]!.message).toBe('"input_schema" is not a valid JSON Schema: "input_schema.required" must be a list, but it is "yes"');
    });
  });

  describe('discovery rules', () => {
    it('excludes the generated workers folder from discovery and from diagnostics', () => {
      const project = analyze(
        [
          { path: 'main.worker', text: worker('main') },
          { path: 'generated/evaluator.worker', text: worker('evaluator') },
          { path: 'generated/broken.worker', text: 'not a worker' },
        ],
        manifest({ generated_workers_dir: 'generated' }),
      );
      expect(project.diagnostics).toEqual([]);
      expect([...project.workers.keys()]).toEqual(['main']);
    });

    it('uses exactly worker_files when set, and reports listed files that do not exist', () => {
      const project = analyze(
        [
          { path: 'main.worker', text: worker('main') },
          { path: 'other.worker', text: worker('other', 'colour: red') },
          { path: 'generated/kept.worker', text: worker('kept') },
        ],
        manifest({ generated_workers_dir: 'generated', worker_files: ['./main.worker', 'generated/kept.worker', 'gone.worker'] }),
      );
      expect(brief(project.diagnostics)).toEqual([{ file: 'project.json', code: 'missing-worker-file', line: 6, column: 5, severity: 'error' }]);
      expect([...project.workers.keys()].sort()).toEqual(['kept', 'main']);
    });

    it('normalises file paths given with a leading slash or ./', () => {
      const project = analyze([
        { path: '/main.worker', text: worker('main', 'output_schema_ref: s.json') },
        { path: './s.json', text: '{"type": "object"}' },
      ]);
      expect(project.diagnostics).toEqual([]);
      expect(project.workers.get('main')?.path).toBe('main.worker');
    });

    it('collects parse diagnostics of every worker file and sorts all diagnostics', () => {
      const project = analyze(
        [
          { path: 'z.worker', text: 'no frontmatter' },
          { path: 'main.worker', text: worker('main', 'max_steps: 0') },
        ],
        '{"entry": 5}',
      );
      expect(brief(project.diagnostics).map(({ file, code }) => `${file}:${code}`)).toEqual([
        'main.worker:invalid-value',
        'project.json:invalid-type',
        'z.worker:missing-frontmatter',
      ]);
    });
  });
});

describe('analyzeProject without a manifest (llm-do legacy)', () => {
  it('runs main.worker whatever its name, as the legacy llm-do CLI does', () => {
    const project = analyze([{ path: 'main.worker', text: worker('orchestrator') }, { path: 'helper.worker', text: worker('helper') }], null);
    expect(project.manifest.entry).toBe('orchestrator');
    expect(project.diagnostics.filter((entry) => entry.severity === 'error')).toEqual([]);
    // With a manifest, its entry stands and is checked.
    expect(analyze([{ path: 'main.worker', text: worker('orchestrator') }], manifest({ entry: 'main' })).diagnostics.map((entry) => entry.code)).toContain('unknown-entry');
  });
});

describe('analyzeProject with llm-do toolset lists', () => {
  it('takes a listed name that is no agent as a Python toolset: a located warning, and the worker keeps running', () => {
    const project = analyze([
      { path: 'main.agent', text: worker('main', 'toolsets: [helper, calc_tools]') },
      { path: 'helper.agent', text: worker('helper') },
    ]);
    expect(project.workers.get('main')?.toolsets?.workers?.allowed_workers).toEqual(['helper']);
    expect(brief(project.diagnostics)).toEqual([{ file: 'main.agent', code: 'unsupported-in-browser', line: 3, column: 20, severity: 'warning' }]);
  });
});

describe('analyzeProject: tests files', () => {
  it('diagnoses a tests file beside its worker, and one that belongs to no worker', () => {
    const project = analyze([
      { path: 'main.worker', text: worker('main') },
      { path: 'main.tests.yaml', text: 'cases:\n  - name: a\n    checks:\n      - regex: "(?=x)"\n      - grader: judge\n        min_score: 1\n' },
      { path: 'clean.tests.yaml', text: 'worker: main\ncases:\n  - name: a\n    checks: [{ contains: x }]\n' },
      { path: 'orphan.tests.yaml', text: 'cases: []\n' },
      // The generated folder's files belong to their session: not diagnosed.
      { path: 'generated/x.tests.yaml', text: ': bad' },
    ], manifest({ entry: 'main', generated_workers_dir: 'generated' }));
    expect(brief(project.diagnostics)).toEqual([
      { file: 'main.tests.yaml', code: 'bad-regex', line: 4, column: 16, severity: 'error' },
      { file: 'main.tests.yaml', code: 'unknown-worker', line: 5, column: 17, severity: 'error' },
      { file: 'orphan.tests.yaml', code: 'unknown-worker', line: 1, column: 1, severity: 'error' },
      { file: 'orphan.tests.yaml', code: 'missing-field', line: 1, column: 1, severity: 'error' },
    ]);
  });
});
