import { describe, expect, it } from 'vitest';
import { exportLlmDoProject } from '@/lib/llm-do/export-llm-do-project';
import { LLM_DO_CORPUS } from '@/lib/llm-do/testing/llm-do-corpus';
import { checkLlmDoFormat, llmDoAgentTools } from '@/lib/llm-do/testing/llm-do-format-rules';
import { exampleProjectFiles } from '@/lib/project/example-project';
import type { SharedProject } from '@/lib/share/share-result';

/**
 * The llm-do export against the rules llm-do's own loader applies (lib/llm-do/testing/llm-do-format-rules.ts
 * cites them from llm-do's source). llm-do itself cannot run here; see that file.
 */

const shared = (files: Record<string, string>): SharedProject => ({ name: 'p', files: Object.entries(files).map(([path, data]) => ({ path, data })) });
const example = (): SharedProject => ({ name: 'example', files: exampleProjectFiles().map((file) => ({ path: file.path, data: file.data })) });

describe("the llm-do export follows llm-do's published format", () => {
  it("exports the example to a project llm-do's loader accepts, whose agents name only tools they have, and that can run twice", () => {
    const { project } = exportLlmDoProject(example());
    const { problems, agents } = checkLlmDoFormat(project);
    expect(problems).toEqual([]);
    const names = new Set(agents.map((agent) => agent.frontmatter.name as string));
    const main = agents.find((agent) => agent.frontmatter.name === 'main')!;
    expect([...llmDoAgentTools(main, names)].sort()).toEqual(['deck_evaluator', 'list_files', 'read_file', 'write_file']);
    // A second run in llm-do meets what the first left: no agent creates agents (agent_create refuses an
    // existing file), and write_file overwrites (filesystem.py writes with write_text).
    for (const agent of agents) expect(agent.frontmatter.toolsets, agent.path).not.toContain('dynamic_agents');
  });

  it.each(LLM_DO_CORPUS.map((entry) => [entry.label, entry] as const))('exports the llm-do corpus project so that llm-do loads it: %s', (_label, entry) => {
    expect(checkLlmDoFormat(exportLlmDoProject(shared(entry.files)).project).problems).toEqual([]);
  });

  it('every tool the instructions name that an exported agent lacks in llm-do is in the dialog notes', () => {
    const exported = exportLlmDoProject(
      shared({
        'main.worker': '---\nname: main\ntoolsets:\n  workers: { allowed_workers: [other] }\n---\nAsk other.\n',
        'other.worker': '---\nname: other\n---\nUse worker_call, then write_file the result.\n',
      }),
    );
    const { problems } = checkLlmDoFormat(exported.project);
    expect(problems).toEqual(['other.agent: its instructions name write_file, which it does not have in llm-do', 'other.agent: its instructions name worker_call, which it does not have in llm-do']);
    for (const tool of ['worker_call']) expect(exported.notes.some((note) => note.startsWith(`other: its instructions name ${tool}`))).toBe(true);
  });

  it('finds what llm-do would refuse (the check can fail)', () => {
    const { problems } = checkLlmDoFormat(
      shared({
        'project.json': JSON.stringify({ version: 2, runtime: { approval_mode: 'ask', steps: 3 }, entry: { agent: 'main', function: 'f' }, agent_files: ['main.agent', 'main.agent', 'gone.agent'], name: 'x' }),
        'main.agent': '---\nname: main\nmodel: openai:gpt-5\ncompatible_models: ["openai:*"]\ntoolsets: [filesystem, helper]\n---\nCall worker_create.\n',
      }),
    );
    expect(problems).toEqual([
      'project.json: unknown key "name" (extra="forbid")',
      'project.json: version must be 1',
      'project.json runtime: unknown key "steps" (extra="forbid")',
      'project.json: approval_mode',
      "project.json: entry must define exactly one of 'agent' or 'function'",
      'project.json agent_files: duplicate entries',
      'project.json: listed file not found: gone.agent',
      'main.agent: both model and compatible_models',
      'main.agent: both model and compatible_models',
      'agents: duplicate agent name',
      'main.agent: unknown toolset "filesystem"',
      'main.agent: unknown toolset "helper"',
      'main.agent: its instructions name worker_create, which it does not have in llm-do',
      'main.agent: unknown toolset "filesystem"',
      'main.agent: unknown toolset "helper"',
      'main.agent: its instructions name worker_create, which it does not have in llm-do',
    ]);
  });
});
