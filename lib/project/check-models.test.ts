import { describe, expect, it } from 'vitest';
import { analyzeProject } from '@/lib/project/analyze-project';

const KNOWN = ['demo:scripted', 'anthropic:claude-sonnet-4-5', 'anthropic:claude-haiku-4-5', 'google:gemini-2.5-flash'];

function modelProblems(worker: string, manifest: Record<string, unknown> = { entry: 'main' }, knownModels: readonly string[] | null = KNOWN) {
  const loaded = analyzeProject({ manifestText: JSON.stringify(manifest, null, 2), files: [{ path: 'main.worker', text: worker }], ...(knownModels === null ? {} : { knownModels }) });
  return loaded.diagnostics.filter((diagnostic) => diagnostic.code === 'unknown-model');
}

describe("model names checked against the server's list", () => {
  it('warns about a mistyped model: never an error, with the close name as a quick fix at the value', () => {
    const [problem, ...rest] = modelProblems('---\nname: main\nmodel: anthropic:claude-sonet-4.5\n---\nHi.\n');
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ file: 'main.worker', severity: 'warning', line: 3, column: 8, replacement: 'anthropic:claude-sonnet-4-5' });
    expect(problem!.message).toContain('did you mean "anthropic:claude-sonnet-4-5"?');
  });

  it("accepts listed models, llm-do's provider spellings and globs that match one", () => {
    expect(modelProblems('---\nname: main\nmodel: google-gla:gemini-2.5-flash\n---\nHi.\n')).toEqual([]);
    expect(modelProblems('---\nname: main\ncompatible_models: ["Anthropic:*", "demo:scripted"]\n---\nHi.\n')).toEqual([]);
  });

  it('warns about a compatible_models glob that matches nothing, and a default_model not listed', () => {
    const globs = modelProblems('---\nname: main\ncompatible_models: ["openai:*", "anthropic:claude-haiku-4.5"]\n---\nHi.\n');
    expect(globs.map((problem) => [problem.line, problem.replacement])).toEqual([
      [3, undefined],
      [3, 'anthropic:claude-haiku-4-5'],
    ]);
    const [fromManifest] = modelProblems('---\nname: main\n---\nHi.\n', { entry: 'main', default_model: 'demo:scriptd' });
    expect(fromManifest).toMatchObject({ file: 'project.json', severity: 'warning', replacement: 'demo:scripted' });
  });

  it('checks nothing while the list is unknown', () => {
    expect(modelProblems('---\nname: main\nmodel: anthropic:claude-sonet-4.5\n---\nHi.\n', { entry: 'main' }, null)).toEqual([]);
  });
});
