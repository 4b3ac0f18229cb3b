import { describe, expect, it } from 'vitest';
import { analyzeProject, type ProjectFile } from '@/lib/project/analyze-project';
import { applyQuickFix, quickFixEdit } from '@/lib/worker/quick-fix';

/**
 * Every diagnostic that says "did you mean" offers its suggestion as a quick fix, and the fix
 * makes the problem go away: one project with one typo of each kind the checks suggest for.
 */
const KNOWN_MODELS = ['demo:scripted', 'anthropic:claude-sonnet-4-5'];

const FILES: Record<string, string> = {
  'project.json': JSON.stringify({ entry: 'mian', default_model: 'demo:scripted', runtime: { approval_mode: 'prompt', max_dept: 3 } }, null, 2),
  'main.worker': '---\nname: main\ntoolset:\n  filesystem: {}\n---\nHi.\n',
  // A file with an error is not checked further, so the other typos are in a worker that loads.
  'caller.worker': '---\nname: caller\nmodel: anthropic:claude-sonet-4.5\ntoolsets:\n  workers:\n    allowed_workers: [helpr]\n---\nHi.\n',
  'helper.worker': '---\nname: helper\ndescription: Helps.\n---\nHelp.\n',
  'helper.tests.yaml': 'worker: helpr\ncases:\n  - name: one\n    input: hi\n    chekcs:\n      - contains: x\n  - name: two\n    input: hi\n    checks:\n      - contain: x\n      - grader: helpr\n        min_score: 1\n',
};

function analyze(files: Record<string, string>) {
  const list: ProjectFile[] = Object.entries(files).map(([path, text]) => ({ path, text }));
  return analyzeProject({ manifestText: files['project.json'] ?? null, files: list, knownModels: KNOWN_MODELS }).diagnostics;
}

describe('did-you-mean quick fixes', () => {
  it('are offered on every did-you-mean diagnostic, and each one fixes its problem', () => {
    const suggesting = analyze(FILES).filter((diagnostic) => /did you mean/i.test(diagnostic.message));
    // One of each: project.json key and entry, worker key, model, allowed_workers, tests-file key, check kind, worker and grader.
    expect(suggesting.map((diagnostic) => `${diagnostic.file} ${diagnostic.code}`).sort()).toEqual([
      'caller.worker unknown-model',
      'caller.worker unknown-worker',
      'helper.tests.yaml unknown-check',
      'helper.tests.yaml unknown-key',
      'helper.tests.yaml unknown-worker',
      'helper.tests.yaml unknown-worker',
      'main.worker unknown-key',
      'project.json unknown-entry',
      'project.json unknown-key',
    ]);
    for (const diagnostic of suggesting) {
      const text = FILES[diagnostic.file]!;
      const edit = quickFixEdit(diagnostic, text.split('\n')[diagnostic.line - 1]!);
      expect(edit, diagnostic.message).not.toBeNull();
      const fixed = applyQuickFix(text, edit!);
      const after = analyze({ ...FILES, [diagnostic.file]: fixed });
      const still = after.filter((other) => other.file === diagnostic.file && other.code === diagnostic.code && other.line === diagnostic.line && other.message === diagnostic.message);
      expect(still, `${diagnostic.message} → ${fixed}`).toEqual([]);
    }
  });

  it('keeps the quotes around a JSON or YAML value', () => {
    const [entry] = analyze(FILES).filter((diagnostic) => diagnostic.code === 'unknown-entry');
    const text = FILES['project.json']!;
    expect(applyQuickFix(text, quickFixEdit(entry!, text.split('\n')[entry!.line - 1]!)!)).toContain('"entry": "main"');
  });
});
