import { describe, expect, it } from 'vitest';
import { analyzeProject } from '@/lib/project/analyze-project';
import { discoverProject } from '@/lib/project/discover-project';
import { testSandbox } from '@/lib/runtime/testing/test-project';

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
});
