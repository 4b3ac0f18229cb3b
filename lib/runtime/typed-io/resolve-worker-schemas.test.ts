import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox, type ProjectSandbox } from '@/lib/vfs/sandbox';
import { resolveWorkerSchemas, type SchemaWorker } from './resolve-worker-schemas';

const inputSchema = { type: 'object', properties: { company: { type: 'string' } } };

describe('resolveWorkerSchemas', () => {
  let sandbox: ProjectSandbox;
  beforeEach(async () => {
    sandbox = createProjectSandbox(new MemoryFileSystem(), '/projects/demo');
    await sandbox.writeFile('workers/schemas/input.json', JSON.stringify(inputSchema));
    await sandbox.writeFile('schemas/output.json', '{"type": "array", "items": {"type": "string"}}');
    await sandbox.writeFile('schemas/broken.json', '{"type": "object",\n  "properties": }');
    await sandbox.writeFile('schemas/not-a-schema.json', '{"type": "strnig"}');
    await sandbox.mkdir('schemas/folder.json');
  });

  const worker = (fields: Partial<SchemaWorker>): SchemaWorker => ({ name: 'evaluator', path: 'workers/evaluator.worker', ...fields });

  it('returns nothing for a worker without schemas', async () => {
    expect(await resolveWorkerSchemas(worker({}), sandbox)).toEqual({ ok: true });
  });

  it('resolves refs relative to the worker file, or to the project root with "/"', async () => {
    const result = await resolveWorkerSchemas(
      worker({ input_schema_ref: './schemas/input.json', output_schema_ref: '/schemas/output.json' }),
      sandbox,
    );
    expect(result).toEqual({ ok: true, inputSchema, outputSchema: { type: 'array', items: { type: 'string' } } });
  });

  it('passes inline schemas through', async () => {
    expect(await resolveWorkerSchemas(worker({ output_schema: inputSchema }), sandbox)).toEqual({ ok: true, outputSchema: inputSchema });
  });

  it('reports a missing file with its location', async () => {
    const result = await resolveWorkerSchemas(worker({ input_schema_ref: 'schemas/missing.json' }), sandbox);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({
      kind: 'input',
      code: 'schema-ref-missing',
      location: 'workers/schemas/missing.json (from workers/evaluator.worker)',
    });
    expect(result.errors[0]?.message).toBe('Worker "evaluator": "input_schema_ref": the file "workers/schemas/missing.json" does not exist.');
  });

  it('reports invalid JSON with line and column', async () => {
    const result = await resolveWorkerSchemas(worker({ output_schema_ref: '/schemas/broken.json' }), sandbox);
    expect(!result.ok && result.errors[0]?.code).toBe('schema-ref-invalid-json');
    expect(!result.ok && result.errors[0]?.message).toMatch(/is not valid JSON .*line 2/);
  });

  it('reports a file that is not valid JSON Schema, and a directory', async () => {
    const result = await resolveWorkerSchemas(
      worker({ input_schema_ref: '/schemas/not-a-schema.json', output_schema_ref: '/schemas/folder.json' }),
      sandbox,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => [error.kind, error.code])).toEqual([
      ['input', 'invalid-json-schema'],
      ['output', 'schema-ref-missing'],
    ]);
    expect(result.errors[0]?.message).toContain('is not a valid JSON Schema');
    expect(result.errors[1]?.message).toContain('cannot read "schemas/folder.json"');
  });

  it('refuses refs that leave the project', async () => {
    const result = await resolveWorkerSchemas(worker({ input_schema_ref: '../../outside.json' }), sandbox);
    expect(!result.ok && result.errors[0]?.code).toBe('schema-ref-outside');
  });
});
