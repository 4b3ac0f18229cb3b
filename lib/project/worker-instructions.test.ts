import { describe, expect, it } from 'vitest';
import { analyzeProject } from '@/lib/project/analyze-project';
import { discoverProject } from '@/lib/project/discover-project';
import { testSandbox } from '@/lib/runtime/testing/test-project';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { EMPTY_RUN_TREE, reduceRunEvent } from '@/lib/run-tree/reduce-run-events';

const legacyWorker = (body: string, name = 'main') => `---\nname: ${name}\n---\n${body}`;

describe('legacy llm-do templates in a project', () => {
  it('expands file() and include from the worker folder and templates/, reading only the files named', async () => {
    const sandbox = await testSandbox({
      'main.worker': legacyWorker("Rubric:\n{{ file('rubric.md') }}\n{% include 'footer.md' %}\n"),
      'rubric.md': 'Be fair.',
      'templates/footer.md': "Footer {{ file('sign.txt') }}",
      'templates/sign.txt': '— the team',
      'unrelated.md': 'never read',
    });
    const project = await discoverProject(sandbox);
    expect(project.diagnostics.filter((entry) => entry.severity !== 'warning')).toEqual([]);
    expect(project.workers.get('main')!.instructions).toBe('Rubric:\nBe fair.\nFooter — the team\n');
  });

  it('reports a missing file at its tag (line and column in the worker file), and the worker does not load', () => {
    const text = legacyWorker("First line\n  see {{ file('gone.md') }}\n");
    const project = analyzeProject({ manifestText: null, files: [{ path: 'main.worker', text }] });
    expect(project.workers.has('main')).toBe(false);
    expect(project.diagnostics.filter((entry) => entry.severity === 'error')).toEqual([
      expect.objectContaining({ file: 'main.worker', line: 5, column: 7, endLine: 5, endColumn: 28, code: 'template-file-missing' }),
    ]);
  });

  it("places problems of the legacy instructions: key at that key; .agent bodies are never templates", () => {
    const text = "---\nname: main\ninstructions: \"{{ file('gone.md') }}\"\n---\n";
    const project = analyzeProject({ manifestText: null, files: [{ path: 'main.worker', text }] });
    expect(project.diagnostics.find((entry) => entry.code === 'template-file-missing')).toMatchObject({ line: 3, column: 15 });
    const agent = analyzeProject({ manifestText: null, files: [{ path: 'main.agent', text: legacyWorker("{{ file('gone.md') }}") }] });
    expect(agent.workers.get('main')!.instructions).toBe("{{ file('gone.md') }}");
  });

  it('a run gives the model the expanded instructions and shows them on the worker call', async () => {
    const sandbox = await testSandbox({ 'main.worker': legacyWorker("You are main. {{ file('rubric.md') }}\n"), 'rubric.md': 'Be fair.', 'project.json': '{"default_model": "mock:model"}' });
    const project = await discoverProject(sandbox);
    const model = createScriptedModel({ main: [{ text: 'done' }] });
    const { outcome, events } = await runProject({ project, client: model.client, sandbox });
    expect(outcome.status).toBe('completed');
    expect(model.requests[0]!.options.prompt[0]).toMatchObject({ role: 'system', content: 'You are main. Be fair.\n' });
    const [start] = eventsOfType(events, 'worker-start');
    expect(start!.instructions).toBe('You are main. Be fair.\n');
    const tree = events.reduce(reduceRunEvent, EMPTY_RUN_TREE);
    expect(tree.calls[start!.callId]!.instructions).toBe('You are main. Be fair.\n');
  });
});
