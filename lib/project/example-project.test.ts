import { describe, expect, it } from 'vitest';
import { analyzeProject } from '@/lib/project/analyze-project';
import { EXAMPLE_PROJECT_NAME, exampleProjectFiles } from '@/lib/project/example-project';
import { validateProjectName } from '@/lib/project/projects';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { EXAMPLE_DECK_FILE_NAMES, EXAMPLE_DECKS_URL_PATH } from '@/lib/project/example-decks';
import { SAMPLE_DECKS } from '@/scripts/sample-decks';

describe('example project', () => {
  const files = exampleProjectFiles();
  const text = (path: string) => String(files.find((file) => file.path === path)?.data);

  it('has a valid name and the expected files', () => {
    expect(validateProjectName(EXAMPLE_PROJECT_NAME).valid).toBe(true);
    expect(files.map((file) => file.path).sort()).toEqual(['deck_evaluator.tests.yaml', 'deck_evaluator.worker', 'input/README.md', 'main.worker', 'project.json', 'rubric.md']);
  });

  it('analyses without any diagnostic', () => {
    const project = analyzeProject({
      manifestText: text('project.json'),
      files: files.filter((file) => file.path !== 'project.json').map((file) => ({ path: file.path, text: String(file.data) })),
    });
    expect(project.diagnostics).toEqual([]);
    expect(project.manifest).toMatchObject({ name: 'pitch-deck-example', entry: 'main', default_model: 'demo:scripted', generated_workers_dir: 'generated' });
    expect(project.workers.get('main')?.toolsets).toEqual({ filesystem: { approvals: { write_file: 'pre_approved' } }, dynamic_workers: {} });
  });

  it('tells the orchestrator to fan out over input/*.pdf and write the evaluations', () => {
    const instructions = text('main.worker');
    for (const phrase of ['input/', '.pdf', 'rubric.md', 'worker_create', 'worker_call', 'concurrently', 'evaluations/<slug>.md', 'evaluations/summary.md']) {
      expect(instructions).toContain(phrase);
    }
    const rubric = text('rubric.md');
    for (const criterion of ['Problem', 'Solution', 'Team', 'Market', 'Traction', 'Red flags', '1 (weak) to 5']) expect(rubric).toContain(criterion);
  });

  it('ships exactly the sample decks the generator script writes, in public/', () => {
    expect([...EXAMPLE_DECK_FILE_NAMES].sort()).toEqual(SAMPLE_DECKS.map((deck) => deck.fileName).sort());
    for (const name of EXAMPLE_DECK_FILE_NAMES) {
      expect(existsSync(path.join(process.cwd(), 'public', EXAMPLE_DECKS_URL_PATH, name)), name).toBe(true);
    }
  });
});
