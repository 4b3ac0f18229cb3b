import { describe, expect, it } from 'vitest';
import { analyzeProject } from '@/lib/project/analyze-project';
import { parseWorkerFile } from '@/lib/worker/parse-worker-file';

/**
 * A corpus of broken worker files. Each row: the file, the diagnostic code,
 * its 1-based line and column, and words the message must contain so that a
 * user knows which field is wrong. Positions were worked out by hand from the
 * text (line 1 is the opening "---").
 */
interface BadCase {
  label: string;
  text: string;
  code: string;
  line: number;
  column: number;
  message: RegExp;
}

const fm = (...lines: string[]) => `---\n${lines.join('\n')}\n---\nInstructions.\n`;

const cases: BadCase[] = [
  { label: 'no frontmatter', text: 'Just instructions\n', code: 'missing-frontmatter', line: 1, column: 1, message: /must start with a "---" line/ },
  { label: 'empty file', text: '', code: 'missing-frontmatter', line: 1, column: 1, message: /must start with a "---" line/ },
  { label: 'fence with text on it', text: '--- name: a\n---\n', code: 'missing-frontmatter', line: 1, column: 1, message: /"---"/ },
  { label: 'unclosed frontmatter', text: '---\nname: a\nbody text\n', code: 'unclosed-frontmatter', line: 1, column: 1, message: /never closed/ },
  { label: 'empty frontmatter', text: '---\n---\nbody', code: 'missing-field', line: 1, column: 1, message: /empty.*"name:"/ },
  { label: 'comment-only frontmatter', text: fm('# just a comment'), code: 'missing-field', line: 1, column: 1, message: /empty/ },
  { label: 'frontmatter is a list', text: fm('- a', '- b'), code: 'frontmatter-not-mapping', line: 2, column: 1, message: /mapping.*a list/ },
  { label: 'frontmatter is a scalar', text: fm('just some text'), code: 'frontmatter-not-mapping', line: 2, column: 1, message: /mapping.*the text "just some text"/ },
  { label: 'missing name', text: fm('description: x'), code: 'missing-field', line: 1, column: 1, message: /Missing required field "name"/ },
  { label: 'empty name', text: fm('name: ""'), code: 'invalid-name', line: 2, column: 7, message: /name must not be empty/ },
  { label: 'name without value', text: fm('name:'), code: 'invalid-type', line: 2, column: 1, message: /"name" must be a text, but it is null/ },
  { label: 'name with spaces', text: fm('name: my worker'), code: 'invalid-name', line: 2, column: 7, message: /only letters, digits.*"my worker"/ },
  { label: 'name with ../', text: fm('name: ../evil'), code: 'invalid-name', line: 2, column: 7, message: /only letters, digits.*"\.\.\/evil"/ },
  { label: 'name with a slash', text: fm('name: a/b'), code: 'invalid-name', line: 2, column: 7, message: /only letters/ },
  { label: 'name is a number', text: fm('name: 42'), code: 'invalid-type', line: 2, column: 7, message: /"name" must be a text, but it is the number 42/ },
  { label: 'name is a list', text: fm('name: [a]'), code: 'invalid-type', line: 2, column: 7, message: /"name" must be a text, but it is a list/ },
  { label: 'name __proto__', text: fm('name: __proto__'), code: 'invalid-name', line: 2, column: 7, message: /"__proto__" is reserved/ },
  { label: 'slot named __proto__', text: fm('name: a', 'attachment_policy:', '  slots:', '    - name: __proto__'), code: 'invalid-value', line: 5, column: 13, message: /"attachment_policy.slots\[0\].name".*reserved/ },
  { label: 'name too long', text: fm(`name: ${'a'.repeat(65)}`), code: 'invalid-name', line: 2, column: 7, message: /at most 64 characters/ },
  { label: 'unknown top-level key', text: fm('name: a', 'colour: red'), code: 'unknown-key', line: 3, column: 1, message: /Unknown key "colour" in frontmatter/ },
  { label: 'misspelled key', text: fm('name: a', 'descripton: x'), code: 'unknown-key', line: 3, column: 1, message: /Did you mean "description"/ },
  { label: 'description is a number', text: fm('name: a', 'description: 5'), code: 'invalid-type', line: 3, column: 14, message: /"description" must be a text, but it is the number 5/ },
  { label: 'description is a boolean', text: fm('name: a', 'description: true'), code: 'invalid-type', line: 3, column: 14, message: /"description" must be a text, but it is the boolean true \(put it in quotes to use it as text\)/ },
  { label: 'model without provider', text: fm('name: a', 'model: gpt4'), code: 'invalid-value', line: 3, column: 8, message: /"model".*provider:model.*"gpt4"/ },
  { label: 'model with a space', text: fm('name: a', 'model: "openai: gpt 4"'), code: 'invalid-value', line: 3, column: 8, message: /"model"/ },
  { label: 'compatible_models is a string', text: fm('name: a', 'compatible_models: "anthropic:*"'), code: 'invalid-type', line: 3, column: 20, message: /"compatible_models" must be a list/ },
  { label: 'compatible_models empty list', text: fm('name: a', 'compatible_models: []'), code: 'invalid-value', line: 3, column: 20, message: /"compatible_models": an empty list allows no model/ },
  { label: 'compatible_models empty block list', text: fm('name: a', 'description: d', 'compatible_models: [ ]'), code: 'invalid-value', line: 4, column: 20, message: /can never run/ },
  { label: 'compatible_models empty item', text: fm('name: a', 'compatible_models: ["", x]'), code: 'invalid-value', line: 3, column: 21, message: /"compatible_models\[0\]"/ },
  { label: 'toolsets is a string', text: fm('name: a', 'toolsets: filesystem'), code: 'invalid-type', line: 3, column: 11, message: /"toolsets" must be a mapping/ },
  // "shell" is llm-do's shell toolset (a warning: not supported in the browser), so an invented name stands for "unknown".
  { label: 'unknown toolset', text: fm('name: a', 'toolsets:', '  browser: {}'), code: 'unknown-key', line: 4, column: 3, message: /Unknown key "browser" in "toolsets".*filesystem, workers, dynamic_workers/ },
  { label: 'unknown key inside filesystem', text: fm('name: a', 'toolsets:', '  filesystem: { root: x }'), code: 'unknown-key', line: 4, column: 17, message: /Unknown key "root" in "toolsets.filesystem"/ },
  { label: 'misspelled allowed_workers', text: fm('name: a', 'toolsets:', '  workers:', '    allowed: [b]'), code: 'unknown-key', line: 5, column: 5, message: /Did you mean "allowed_workers"/ },
  { label: 'allowed_workers is a string', text: fm('name: a', 'toolsets:', '  workers:', '    allowed_workers: b'), code: 'invalid-type', line: 5, column: 22, message: /"toolsets.workers.allowed_workers" must be a list/ },
  { label: 'allowed_workers item with a space', text: fm('name: a', 'toolsets:', '  workers:', '    allowed_workers: [ok, "bad name"]'), code: 'invalid-value', line: 5, column: 27, message: /"toolsets.workers.allowed_workers\[1\]".*"bad name"/ },
  { label: 'approval policy unknown', text: fm('name: a', 'toolsets:', '  filesystem:', '    approvals: { write_file: maybe }'), code: 'invalid-value', line: 5, column: 30, message: /"toolsets.filesystem.approvals.write_file" must be one of "pre_approved", "prompt", "blocked"/ },
  { label: 'toolset config is a list', text: fm('name: a', 'toolsets:', '  filesystem: [x]'), code: 'invalid-type', line: 4, column: 15, message: /"toolsets.filesystem" must be a mapping/ },
  { label: 'toolsets list with a number', text: fm('name: a', 'toolsets: [filesystem, 3]'), code: 'invalid-type', line: 3, column: 24, message: /"toolsets\[1\]" must be a toolset name/ },
  // In a list any identifier may name an agent (llm-do), so only a name that cannot be one is refused here.
  { label: 'toolsets list with unknown name', text: fm('name: a', 'toolsets: [filesystem, "my tools"]'), code: 'unknown-toolset', line: 3, column: 24, message: /"my tools" is neither a toolset nor an agent name/ },
  { label: 'attachment_policy is a number', text: fm('name: a', 'attachment_policy: 3'), code: 'invalid-type', line: 3, column: 20, message: /"attachment_policy" must be a mapping/ },
  { label: 'attachment_policy unknown key', text: fm('name: a', 'attachment_policy:', '  max_files: 2'), code: 'unknown-key', line: 4, column: 3, message: /Unknown key "max_files" in "attachment_policy"/ },
  { label: 'negative max_attachments', text: fm('name: a', 'attachment_policy:', '  max_attachments: -1'), code: 'invalid-value', line: 4, column: 20, message: /"attachment_policy.max_attachments" must be at least 0, but it is -1/ },
  { label: 'decimal max_total_bytes', text: fm('name: a', 'attachment_policy:', '  max_total_bytes: 1.5'), code: 'invalid-type', line: 4, column: 20, message: /"attachment_policy.max_total_bytes" must be a whole number, but it is the decimal number 1.5/ },
  { label: 'max_total_bytes as words', text: fm('name: a', 'attachment_policy:', '  max_total_bytes: lots'), code: 'invalid-type', line: 4, column: 20, message: /must be a number, but it is the text "lots"/ },
  { label: 'suffix with a wildcard', text: fm('name: a', 'attachment_policy:', '  allowed_suffixes: ["*.pdf"]'), code: 'invalid-value', line: 4, column: 22, message: /"attachment_policy.allowed_suffixes\[0\]".*".pdf"/ },
  { label: 'suffix with a space', text: fm('name: a', 'attachment_policy:', '  denied_suffixes: [".p df"]'), code: 'invalid-value', line: 4, column: 21, message: /"attachment_policy.denied_suffixes\[0\]"/ },
  { label: 'suffixes not a list', text: fm('name: a', 'attachment_policy:', '  allowed_suffixes: .pdf'), code: 'invalid-type', line: 4, column: 21, message: /"attachment_policy.allowed_suffixes" must be a list/ },
  { label: 'slot with a bad name', text: fm('name: a', 'attachment_policy:', '  slots:', '    - name: "a b"'), code: 'invalid-value', line: 5, column: 13, message: /"attachment_policy.slots\[0\].name"/ },
  { label: 'slot with an unknown key', text: fm('name: a', 'attachment_policy:', '  slots:', '    - name: doc', '      kind: pdf'), code: 'unknown-key', line: 6, column: 7, message: /Unknown key "kind" in "attachment_policy.slots\[0\]"/ },
  { label: 'required is "yes"', text: fm('name: a', 'attachment_policy:', '  required: yes'), code: 'invalid-type', line: 4, column: 13, message: /"attachment_policy.required" must be true or false, but it is the text "yes"/ },
  { label: 'allow_empty_input quoted', text: fm('name: a', 'allow_empty_input: "true"'), code: 'invalid-type', line: 3, column: 20, message: /"allow_empty_input" must be true or false/ },
  { label: 'max_steps zero', text: fm('name: a', 'max_steps: 0'), code: 'invalid-value', line: 3, column: 12, message: /"max_steps" must be at least 1, but it is 0/ },
  { label: 'max_steps negative', text: fm('name: a', 'max_steps: -5'), code: 'invalid-value', line: 3, column: 12, message: /at least 1, but it is -5/ },
  { label: 'max_steps too big', text: fm('name: a', 'max_steps: 1000'), code: 'invalid-value', line: 3, column: 12, message: /"max_steps" must be at most 200/ },
  { label: 'pdf_input unknown', text: fm('name: a', 'pdf_input: ocr'), code: 'invalid-value', line: 3, column: 12, message: /"pdf_input" must be one of "auto", "native", "text", but it is the text "ocr"/ },
  { label: 'input_schema is a string', text: fm('name: a', 'input_schema: string'), code: 'invalid-type', line: 3, column: 15, message: /"input_schema" must be a mapping/ },
  { label: 'input_schema_ref empty', text: fm('name: a', 'input_schema_ref: ""'), code: 'invalid-value', line: 3, column: 19, message: /"input_schema_ref"/ },
  { label: 'output_schema_ref is a number', text: fm('name: a', 'output_schema_ref: 7'), code: 'invalid-type', line: 3, column: 20, message: /"output_schema_ref" must be a text/ },
  { label: 'input schema inline and ref', text: fm('name: a', 'input_schema: { type: object }', 'input_schema_ref: in.json'), code: 'schema-conflict', line: 4, column: 1, message: /Both "input_schema" and "input_schema_ref"/ },
  { label: 'output schema inline and ref', text: fm('name: a', 'output_schema_ref: out.json', 'output_schema: { type: object }'), code: 'schema-conflict', line: 3, column: 1, message: /Both "output_schema" and "output_schema_ref"/ },
  { label: 'unterminated quote', text: fm('name: a', 'description: "unterminated'), code: 'yaml-syntax', line: 3, column: 14, message: /YAML: .*closing.*quote/i },
  { label: 'unclosed flow sequence', text: fm('name: [a'), code: 'yaml-syntax', line: 2, column: 7, message: /YAML: / },
  { label: 'duplicate key', text: fm('name: a', 'name: b'), code: 'duplicate-key', line: 3, column: 1, message: /YAML: Map keys must be unique/ },
  { label: 'tab indentation', text: fm('name: a', 'toolsets:', '\tfilesystem: {}'), code: 'yaml-syntax', line: 4, column: 1, message: /YAML: .*[Tt]ab/ },
  { label: 'CRLF file with unknown key', text: '---\r\nname: a\r\nfoo: 1\r\n---\r\nbody\r\n', code: 'unknown-key', line: 3, column: 1, message: /Unknown key "foo"/ },
  { label: 'BOM file with bad model', text: '\uFEFF---\nname: a\nmodel: x\n---\n', code: 'invalid-value', line: 3, column: 8, message: /"model"/ },
];

describe('parseWorkerFile: corpus of bad worker files', () => {
  it('has at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('$label → $code at $line:$column', ({ text, code, line, column, message }) => {
    const result = parseWorkerFile(text, 'workers/bad.worker');
    const found = result.diagnostics.find((entry) => entry.code === code);
    expect(found, JSON.stringify(result.diagnostics, null, 1)).toBeDefined();
    expect({ line: found!.line, column: found!.column }).toEqual({ line, column });
    expect(found!.message).toMatch(message);
    expect(found!.file).toBe('workers/bad.worker');
    expect(found!.endLine * 10000 + found!.endColumn).toBeGreaterThanOrEqual(found!.line * 10000 + found!.column);
    if (found!.severity === 'error') expect(result.definition).toBeUndefined();
  });
});

/**
 * Schemas are checked against their dialect's meta-schema by the project
 * analysis (they may live in other files). Each row: the worker (main.worker)
 * and any extra files, then the diagnostic expected in `file` at the offending key.
 */
interface BadSchemaCase {
  label: string;
  worker: string;
  files?: { path: string; text: string }[];
  file: string;
  line: number;
  column: number;
  message: RegExp;
}

const schemaCases: BadSchemaCase[] = [
  { label: 'inline type objekt', worker: fm('name: main', 'input_schema:', '  type: objekt'), file: 'main.worker', line: 4, column: 3, message: /"input_schema.type" must be one of "array", .*"string", but it is "objekt"/ },
  { label: 'inline nested property type', worker: fm('name: main', 'output_schema:', '  type: object', '  properties:', '    score: { type: integr }'), file: 'main.worker', line: 6, column: 14, message: /"output_schema.properties.score.type" must be one of/ },
  { label: 'inline required is text', worker: fm('name: main', 'input_schema:', '  type: object', '  required: company'), file: 'main.worker', line: 5, column: 3, message: /"input_schema.required" must be a list, but it is "company"/ },
  { label: 'inline negative minLength', worker: fm('name: main', 'input_schema:', '  type: string', '  minLength: -1'), file: 'main.worker', line: 5, column: 3, message: /"input_schema.minLength" must be >= 0, but it is -1/ },
  { label: 'inline type list with a bad item', worker: fm('name: main', 'input_schema:', '  type: [string, objekt]'), file: 'main.worker', line: 4, column: 18, message: /"input_schema.type\[1\]" must be one of/ },
  { label: 'inline properties is a list', worker: fm('name: main', 'input_schema:', '  properties: [a]'), file: 'main.worker', line: 4, column: 3, message: /"input_schema.properties" must be a mapping, but it is a list/ },
  { label: 'inline unresolvable $ref', worker: fm('name: main', 'input_schema:', '  $ref: "#/definitions/missing"'), file: 'main.worker', line: 3, column: 1, message: /can't resolve reference #\/definitions\/missing/ },
  {
    label: 'referenced file: type objekt, marked in the file',
    worker: fm('name: main', 'output_schema_ref: schemas/out.json'),
    files: [{ path: 'schemas/out.json', text: '{\n  "type": "object",\n  "properties": {\n    "score": { "type": "integr" }\n  }\n}\n' }],
    file: 'schemas/out.json',
    line: 4,
    column: 16,
    message: /referenced by "main.worker" as output_schema_ref\): "properties.score.type" must be one of/,
  },
  {
    label: 'referenced file: type objekt, the ref in the worker',
    worker: fm('name: main', 'output_schema_ref: schemas/out.json'),
    files: [{ path: 'schemas/out.json', text: '{ "type": "objekt" }' }],
    file: 'main.worker',
    line: 3,
    column: 20,
    message: /"output_schema_ref": "schemas\/out.json" is not a valid JSON Schema: "type" must be one of .*, but it is "objekt"/,
  },
  {
    label: 'referenced 2020-12 file: prefixItems is not a list',
    worker: fm('name: main', 'input_schema_ref: in.json'),
    files: [{ path: 'in.json', text: '{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "array", "prefixItems": {"type": "string"}}' }],
    file: 'in.json',
    line: 1,
    column: 78,
    message: /"prefixItems" must be a list, but it is a mapping/,
  },
];

describe('analyzeProject: corpus of invalid worker schemas', () => {
  it.each(schemaCases)('$label → invalid-json-schema in $file at $line:$column', ({ worker, files = [], file, line, column, message }) => {
    const result = analyzeProject({ manifestText: '{"entry": "main"}', files: [{ path: 'main.worker', text: worker }, ...files] });
    const found = result.diagnostics.filter((entry) => entry.code === 'invalid-json-schema' && entry.file === file);
    expect(found.length, JSON.stringify(result.diagnostics, null, 1)).toBeGreaterThan(0);
    expect({ line: found[0]!.line, column: found[0]!.column }).toEqual({ line, column });
    expect(found[0]!.message).toMatch(message);
    expect(found[0]!.severity).toBe('error');
    // A broken schema is never handed on as the worker's schema.
    expect(Object.keys(result.schemas.get('main') ?? {})).toEqual([]);
  });
});
