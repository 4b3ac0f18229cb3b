import { beforeAll, describe, expect, it } from 'vitest';
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';
import { createDemoModel } from '@/lib/model/demo';
import { createPdfTextExtractor } from '@/lib/pdf/extract-pdf-text';
import { loadNodePdfJs } from '@/lib/pdf/load-pdfjs-node';
import { discoverProject } from '@/lib/project/discover-project';
import { exampleProjectFiles } from '@/lib/project/example-project';
import type { PdfTextExtractor } from '@/lib/runtime/attachments/pdf-text-extractor';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import { createRunSession, type RunSession } from '@/lib/runtime/run-session';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testSandbox } from '@/lib/runtime/testing/test-project';
import type { FileSystem } from '@/lib/vfs/file-system';
import { readSampleDeck, SAMPLE_DECK_FILES } from '@/lib/pdf/testing/sample-deck-texts';

/**
 * The flagship flow, offline: the shipped example project, the three real
 * sample PDFs, the real loop with the demo model in process, dynamic workers,
 * PDF text extraction with pdf.js (the demo model reads no PDFs natively).
 */
let extractPdfText: PdfTextExtractor;
beforeAll(async () => {
  extractPdfText = createPdfTextExtractor(await loadNodePdfJs());
});

async function exampleSandbox(decks: Record<string, Uint8Array>): Promise<FileSystem> {
  const files: Record<string, string | Uint8Array> = {};
  for (const file of exampleProjectFiles()) files[file.path] = file.data;
  for (const [name, bytes] of Object.entries(decks)) files[`input/${name}`] = bytes;
  return testSandbox(files);
}

async function sampleDecks(): Promise<Record<string, Uint8Array>> {
  const decks: Record<string, Uint8Array> = {};
  for (const file of SAMPLE_DECK_FILES) decks[file] = await readSampleDeck(file);
  return decks;
}

async function runExample(sandbox: FileSystem, options: { approvals?: ApprovalResponse[]; session?: RunSession } = {}) {
  const project = await discoverProject(sandbox);
  expect(project.diagnostics).toEqual([]);
  const session = options.session ?? createRunSession();
  const result = await runProject({
    project,
    sandbox,
    client: createInProcessModelClient(createDemoModel({ delayMs: 0 })),
    input: '',
    approvals: options.approvals ?? [{ choice: 'approve_once' }],
    extra: {
      session,
      modelSupportsPdf: (model) => !model.startsWith('demo:'),
      extractPdfText,
    },
  });
  return { ...result, session };
}

describe('pitch-deck example with the demo model', () => {
  it('creates the evaluator from the rubric, evaluates the three real decks concurrently and writes reports and a summary', async () => {
    const sandbox = await exampleSandbox(await sampleDecks());
    const { outcome, events, approvalRequests, session } = await runExample(sandbox);
    expect(outcome.status).toBe('completed');

    // One approval: worker_create, showing the file; the writes are pre-approved by the example.
    expect(approvalRequests.map((request) => request.toolName)).toEqual(['worker_create']);
    const evaluatorFile = await sandbox.readText('generated/pitch_evaluator.worker');
    const rubric = await sandbox.readText('rubric.md');
    expect(evaluatorFile).toContain(rubric.trim().split('\n').slice(-1)[0]);
    expect(session.dynamicWorkers.get('pitch_evaluator')?.attachment_policy).toEqual({ max_attachments: 1, allowed_suffixes: ['.pdf'], required: true });

    // The three evaluator calls were asked for in ONE model step (so the loop runs them concurrently),
    // through the evaluator's named tool, offered from the step after its creation.
    const evaluatorStarts = eventsOfType(events, 'worker-start').filter((event) => event.workerName === 'pitch_evaluator');
    expect(evaluatorStarts.map((event) => event.attachments.map((attachment) => attachment.path)).sort()).toEqual(
      SAMPLE_DECK_FILES.map((file) => [`input/${file}`]).sort(),
    );
    const callIndexes = events.flatMap((event, index) => (event.type === 'tool-call' && event.toolName === 'pitch_evaluator' ? [index] : []));
    expect(callIndexes).toHaveLength(3);
    const stepEnd = events.findIndex((event, index) => index > callIndexes[0]! && event.type === 'step-finish' && event.workerName === 'main');
    expect(callIndexes.every((index) => index < stepEnd)).toBe(true);

    const tidewater = await sandbox.readText('evaluations/tidewater-robotics.md');
    const lumen = await sandbox.readText('evaluations/lumen-ledger.md');
    const orbit = await sandbox.readText('evaluations/orbit-snacks.md');
    expect(tidewater).toContain('# Tidewater Robotics');
    expect(tidewater).toContain('**Verdict: Invest**');
    expect(tidewater).toContain('"14 paying customers in 3 ports; 1.2 million dollars annual recurring revenue."');
    expect(lumen).toContain('# Lumen Ledger');
    expect(lumen).toContain('**Verdict: Consider**');
    expect(lumen).toContain('**High monthly churn**: "Monthly churn in the beta: 6 percent."');
    expect(orbit).toContain('# Orbit Snacks');
    expect(orbit).toContain('**Verdict: Pass**');
    expect(orbit).toContain('**Claims to have no competitors**');
    expect(orbit).toContain('**Promises guaranteed returns**: "Guaranteed 100x return for early investors."');
    for (const report of [tidewater, lumen, orbit]) expect(report).toContain('Demo output: scored by keyword heuristics, not by a language model.');

    const summary = await sandbox.readText('evaluations/summary.md');
    const rows = summary.split('\n').filter((line) => /^\| \d /.test(line));
    expect(rows.map((row) => row.split('|')[2]!.trim())).toEqual(['Tidewater Robotics', 'Lumen Ledger', 'Orbit Snacks']);
    expect(summary).toContain('Demo output');

    const answer = String(outcome.status === 'completed' ? outcome.output : '');
    expect(answer).toMatch(/^\[demo\] I evaluated 3 of 3 pitch decks/);
    expect(answer).toContain('1. Tidewater Robotics');
    expect(answer).toContain('evaluations/summary.md');
  });

  it('works with whatever decks exist: one, ten, none', async () => {
    const samples = await sampleDecks();
    const one = await exampleSandbox({ 'lumen-ledger.pdf': samples['lumen-ledger.pdf']! });
    const single = await runExample(one);
    expect(single.outcome.status).toBe('completed');
    expect((await one.readDirectory('evaluations')).map((entry) => entry.name)).toEqual(['lumen-ledger.md', 'summary.md']);

    const ten: Record<string, Uint8Array> = {};
    for (let index = 0; index < 10; index += 1) ten[`Deck ${String(index).padStart(2, '0')}.pdf`] = samples[SAMPLE_DECK_FILES[index % 3]!]!;
    const many = await exampleSandbox(ten);
    const tenRun = await runExample(many);
    expect(tenRun.outcome.status).toBe('completed');
    expect(eventsOfType(tenRun.events, 'worker-start').filter((event) => event.workerName === 'pitch_evaluator')).toHaveLength(10);
    expect((await many.readDirectory('evaluations')).map((entry) => entry.name)).toContain('deck-09.md');
    expect(await many.readText('evaluations/deck-00.md')).toContain('# Tidewater Robotics');

    const none = await exampleSandbox({});
    const empty = await runExample(none, { approvals: [] });
    expect(empty.outcome).toMatchObject({ status: 'completed', output: expect.stringContaining('I found no pitch decks') });
    expect(await none.stat('generated')).toBeNull();
  });

  it('replaces its own evaluator on a second run in the same session, and stops cleanly when creation is denied', async () => {
    const sandbox = await exampleSandbox(await sampleDecks());
    const session = createRunSession();
    await runExample(sandbox, { session });
    const again = await runExample(sandbox, { session, approvals: [{ choice: 'approve_once' }, { choice: 'approve_once' }] });
    expect(again.outcome.status).toBe('completed');
    const creations = eventsOfType(again.events, 'tool-call').filter((event) => event.toolName === 'worker_create');
    expect(creations.map((event) => (event.args as { replace?: boolean }).replace ?? false)).toEqual([false, true]);

    const fresh = await exampleSandbox(await sampleDecks());
    const denied = await runExample(fresh, { approvals: [{ choice: 'deny', reason: 'use the old evaluator' }] });
    expect(denied.outcome).toMatchObject({ status: 'completed', output: expect.stringContaining('Creating the evaluator was denied: use the old evaluator') });
    expect(await fresh.stat('evaluations')).toBeNull();
  });

  it("runs llm-do's form of the example: an .agent orchestrator with dynamic_agents creates the evaluator with agent_create and calls it with agent_call", async () => {
    const files: Record<string, string | Uint8Array> = {};
    for (const file of exampleProjectFiles()) files[file.path] = file.data;
    const body = String(files['main.worker']).split('---\n').slice(2).join('---\n');
    delete files['main.worker'];
    // The example's test-case worker is a Workerbench extra: the llm-do form lists only its own agents.
    delete files['deck_evaluator.worker'];
    delete files['deck_evaluator.tests.yaml'];
    files['main.agent'] = `---\nname: main\nmodel: demo:scripted\ntoolsets: [filesystem_project, dynamic_agents]\n---\n${body}`;
    files['project.json'] = JSON.stringify({ version: 1, runtime: { approval_mode: 'prompt' }, entry: { agent: 'main', args: { input: 'Evaluate the decks.' } }, agent_files: ['main.agent'], generated_agents_dir: 'generated' });
    for (const [name, bytes] of Object.entries(await sampleDecks())) files[`input/${name}`] = bytes;
    const sandbox = await testSandbox(files);
    const project = await discoverProject(sandbox);
    expect(project.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    // llm-do's filesystem asks before writes: agent_create, then the four report writes.
    const { outcome, approvalRequests, events } = await runProject({
      project,
      sandbox,
      client: createInProcessModelClient(createDemoModel({ delayMs: 0 })),
      input: 'Evaluate the decks.',
      approvals: Array.from({ length: 5 }, () => ({ choice: 'approve_once' as const })),
      extra: { model: 'demo:scripted', modelSupportsPdf: (model) => !model.startsWith('demo:'), extractPdfText },
    });
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 'completed' });
    expect(eventsOfType(events, 'tool-error')).toEqual([]);
    expect(approvalRequests.map((request) => request.toolName)).toEqual(['agent_create', 'write_file', 'write_file', 'write_file', 'write_file']);
    expect(await sandbox.readText('generated/pitch_evaluator.agent')).toContain('name: pitch_evaluator');
    const calls = eventsOfType(events, 'tool-call').filter((event) => event.workerName === 'main').map((event) => event.toolName);
    expect(calls).toContain('agent_create');
    // The evaluator's own tool appears after its creation; agent_call stays offered too.
    expect(calls.filter((name) => name === 'pitch_evaluator' || name === 'agent_call')).toHaveLength(3);
    expect(await sandbox.readText('evaluations/tidewater-robotics.md')).toContain('**Verdict: Invest**');
    expect(await sandbox.readText('evaluations/summary.md')).toContain('Tidewater Robotics');
  });
});
