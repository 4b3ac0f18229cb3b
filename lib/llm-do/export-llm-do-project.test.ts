import { describe, expect, it } from 'vitest';
import { discoverProject } from '@/lib/project/discover-project';
import { testSandbox } from '@/lib/runtime/testing/test-project';
import { canonicalModelId } from '@/lib/worker/llm-do-model-ids';
import type { SharedProject } from '@/lib/share/share-result';
import { parseWorkerFile } from '@/lib/worker/parse-worker-file';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { exportLlmDoProject, LlmDoExportError } from '@/lib/llm-do/export-llm-do-project';
import { LLM_DO_CORPUS } from '@/lib/llm-do/testing/llm-do-corpus';
import { exampleProjectFiles } from '@/lib/project/example-project';

/** Keys llm-do's ProjectManifest and ManifestRuntimeConfig accept (extra="forbid"). */
const LLM_DO_MANIFEST_KEYS = ['version', 'runtime', 'allow_cli_input', 'entry', 'generated_agents_dir', 'agent_files', 'python_files'];
const LLM_DO_RUNTIME_KEYS = ['approval_mode', 'auth_mode', 'max_depth', 'return_permission_errors', 'agent_calls_require_approval', 'agent_attachments_require_approval', 'agent_approval_overrides'];

/**
 * What a worker means, in the terms both formats share: the file it is in, its
 * spelling of model names and of tool names, whether its instructions came from templates, and the approval overrides the
 * export lists as having no llm-do form are set aside; llm-do strips the body.
 */
function meaning(worker: WorkerDefinition): unknown {
  const { path: _path, toolNames: _toolNames, templatesExpanded: _expanded, instructions, model, compatible_models: compatibleModels, toolsets, ...rest } = worker;
  const normalized: Record<string, unknown> = { ...rest, instructions: instructions.trim() };
  if (model !== undefined) normalized.model = canonicalModelId(model);
  else if (compatibleModels !== undefined) normalized.compatible_models = compatibleModels.map((glob) => canonicalModelId(glob.toLowerCase()));
  if (toolsets !== undefined) {
    normalized.toolsets = {
      ...(toolsets.filesystem === undefined ? {} : { filesystem: toolsets.filesystem.approvals?.write_file === 'blocked' ? 'read-only' : 'read-write' }),
      ...(toolsets.workers === undefined ? {} : { workers: [...toolsets.workers.allowed_workers].sort() }),
      ...(toolsets.dynamic_workers === undefined ? {} : { dynamic_workers: true }),
    };
  }
  return normalized;
}

async function sharedFrom(files: Record<string, string>): Promise<SharedProject> {
  return { name: 'corpus', files: Object.entries(files).map(([path, data]) => ({ path, data })) };
}

async function load(project: SharedProject) {
  const sandbox = await testSandbox(Object.fromEntries(project.files.map((file) => [file.path, file.data])));
  return discoverProject(sandbox);
}

const textOf = (project: SharedProject, path: string) => {
  const data = project.files.find((file) => file.path === path)?.data;
  return typeof data === 'string' ? data : new TextDecoder().decode(data);
};

describe('export as an llm-do project', () => {
  it.each(LLM_DO_CORPUS.map((entry) => [entry.label, entry] as const))('import → export → import keeps the meaning: %s', async (_label, entry) => {
    const original = await sharedFrom(entry.files);
    const first = await load(original);
    const exported = exportLlmDoProject(original);
    const second = await load(exported.project);
    expect(second.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect([...second.workers.keys()].sort()).toEqual([...first.workers.keys()].sort());
    for (const [name, worker] of first.workers) expect(meaning(second.workers.get(name)!)).toEqual(meaning(worker));
    expect(second.manifest.entry).toBe(first.manifest.entry);
    expect(second.manifest.entry_args).toEqual(first.manifest.entry_args);
    expect(second.manifest.runtime).toEqual(first.manifest.runtime);

    // What llm-do's loader reads: only its keys, every agent file listed exists and is an .agent file with a toolsets list.
    const manifest = JSON.parse(textOf(exported.project, 'project.json')) as Record<string, unknown>;
    expect(LLM_DO_MANIFEST_KEYS).toEqual(expect.arrayContaining(Object.keys(manifest)));
    expect(LLM_DO_RUNTIME_KEYS).toEqual(expect.arrayContaining(Object.keys(manifest.runtime as object)));
    expect(manifest.version).toBe(1);
    const agentFiles = manifest.agent_files as string[];
    expect(agentFiles.length).toBeGreaterThan(0);
    expect(new Set(agentFiles).size).toBe(agentFiles.length);
    for (const path of agentFiles) {
      expect(path.endsWith('.agent')).toBe(true);
      const parsed = parseWorkerFile(textOf(exported.project, path), path);
      expect(parsed.frontmatter?.toolsets === undefined || Array.isArray(parsed.frontmatter.toolsets) || typeof parsed.frontmatter.toolsets === 'object').toBe(true);
    }
    expect(exported.project.files.some((file) => file.path.endsWith('.worker'))).toBe(false);
  });

  it('writes list toolsets, llm-do model names and max_depth, and lists what has no llm-do equivalent', async () => {
    const exported = exportLlmDoProject(
      await sharedFrom({
        'project.json': JSON.stringify({ entry: 'main', default_model: 'demo:scripted', generated_workers_dir: 'gen', runtime: { max_depth: 2, max_steps: 9 } }),
        'main.worker': '---\nname: main\nmodel: google:gemini-2.5-flash\ntoolsets:\n  filesystem: { approvals: { write_file: blocked, read_file: prompt } }\n  workers: { allowed_workers: [helper] }\n  dynamic_workers: {}\n---\nDo it.\n',
        'helper.worker': '---\nname: helper\nattachment_policy: { max_attachments: 1 }\n---\nHelp.\n',
        'input/deck.pdf': 'pdf',
      }),
    );
    expect(textOf(exported.project, 'main.agent')).toBe(
      '---\nname: main\nmodel: google-gla:gemini-2.5-flash\ntoolsets:\n  - filesystem_project_ro\n  - helper\n  - dynamic_agents\n---\nDo it.\n',
    );
    expect(JSON.parse(textOf(exported.project, 'project.json'))).toEqual({
      version: 1,
      runtime: { approval_mode: 'prompt', max_depth: 3 },
      entry: { agent: 'main' },
      agent_files: ['helper.agent', 'main.agent'],
      generated_agents_dir: 'gen',
    });
    expect(exported.project.files.map((file) => file.path)).toEqual(['helper.agent', 'input/deck.pdf', 'main.agent', 'project.json']);
    expect(exported.notes).toEqual([
      'helper: its attachment policy (kept in the file for Workerbench; llm-do ignores it)',
      "main: the filesystem approval settings (read_file: prompt) — llm-do's filesystem_project pre-approves reads and asks before writes",
      "project.json: default_model demo:scripted (llm-do takes the model from $LLM_DO_MODEL or each agent's model)",
      'project.json: approval_mode prompt — llm-do asks at the terminal; started without one (headless) it refuses to run a prompt project (approve_all or reject_all there)',
      'project.json: runtime.max_steps 9 (llm-do has no such setting)',
    ]);
  });

  it('refuses a project with errors, naming the first', async () => {
    expect(() => exportLlmDoProject({ name: 'x', files: [{ path: 'main.worker', data: '---\nname: main\ntoolsets: { workers: { allowed_workers: [ghost] } }\n---\n' }] })).toThrow(LlmDoExportError);
  });

  it('keeps a project that came from llm-do as it came, project.json included', async () => {
    const entry = LLM_DO_CORPUS.find((candidate) => candidate.label.startsWith('HEAD: agents in a subfolder'))!;
    const exported = exportLlmDoProject(await sharedFrom(entry.files));
    for (const [path, text] of Object.entries(entry.files)) expect(textOf(exported.project, path)).toBe(text);
    expect(exported.project.files).toHaveLength(Object.keys(entry.files).length);
  });

  it("respells the dynamic tools in instructions as llm-do's and says what llm-do lacks", async () => {
    const exported = exportLlmDoProject(
      await sharedFrom({
        'main.worker': '---\nname: main\ntoolsets:\n  dynamic_workers: {}\n---\nCreate it with `worker_create` (with `replace: true` if taken), then use worker_call. Not my_worker_call.\n',
        'other.worker': '---\nname: other\n---\nCall worker_call.\n',
      }),
    );
    expect(textOf(exported.project, 'main.agent')).toContain('Create it with `agent_create` (with `replace: true` if taken), then use agent_call. Not my_worker_call.');
    expect(textOf(exported.project, 'other.agent')).toContain('Call worker_call.');
    expect(exported.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^main: its instructions name worker_create; llm-do calls it agent_create/),
        expect.stringMatching(/^main: its instructions name worker_call; llm-do calls it agent_call/),
        expect.stringMatching(/^main: its instructions ask for worker_create's replace/),
        expect.stringMatching(/^other: its instructions name worker_call, a tool it does not have/),
      ]),
    );
  });

  it('exports the example so that no agent names a tool llm-do lacks, its main calling deck_evaluator (runs twice in llm-do)', async () => {
    const example = { name: 'example', files: exampleProjectFiles().map((file) => ({ path: file.path, data: file.data })) };
    const exported = exportLlmDoProject(example);
    const agents = exported.project.files.filter((file) => file.path.endsWith('.agent'));
    expect(agents.map((file) => file.path).sort()).toEqual(['deck_evaluator.agent', 'main.agent']);
    for (const agent of agents) {
      const text = textOf(exported.project, agent.path);
      for (const missing of ['worker_create', 'worker_call', 'replace:', '`replace`']) expect(text).not.toContain(missing);
    }
    expect(textOf(exported.project, 'main.agent')).toContain('toolsets:\n  - filesystem_project\n  - deck_evaluator\n');
    expect(exported.notes.some((note) => note.startsWith('main: the example creates its evaluator at run time'))).toBe(true);
    // It loads here as in llm-do: no errors, main's tools are the evaluator and the files.
    const loaded = await load(exported.project);
    expect(loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(loaded.workers.get('main')?.toolsets?.workers?.allowed_workers).toEqual(['deck_evaluator']);
  });
});
