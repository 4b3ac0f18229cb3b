import { describe, expect, it } from 'vitest';
import { decideDemoAction } from '@/lib/model/demo/decide-demo-action';
import type { DemoConversationState, DemoTool, DemoToolResult } from '@/lib/model/demo/demo-types';
import { evaluatorInstructions, evaluatorNameFrom, isDeckOrchestrator } from '@/lib/model/demo/playbooks/pitch-deck-orchestrator';
import { isDeckEvaluator } from '@/lib/model/demo/playbooks/pitch-deck-evaluator';

const tool = (name: string, properties: Record<string, unknown> = {}, required: string[] = []): DemoTool => ({
  name,
  description: '',
  inputSchema: { type: 'object', properties, required },
});
const listFiles = tool('list_files', { path: { type: 'string' }, pattern: { type: 'string' } });
const readFile = tool('read_file', { path: { type: 'string' } }, ['path']);
const writeFile = tool('write_file', { path: { type: 'string' }, content: { type: 'string' } }, ['path', 'content']);
const workerCreate = tool('worker_create', { name: {}, description: {}, instructions: {} }, ['name', 'description', 'instructions']);
const workerCall = tool('worker_call', { worker: {}, input: {}, attachments: {} }, ['worker', 'input']);
const ORCHESTRATOR = 'You orchestrate the evaluation of startup pitch decks.';

function state(overrides: Partial<DemoConversationState>): DemoConversationState {
  return { system: ORCHESTRATOR, input: '', attachments: [], tools: [], toolCalls: [], toolResults: [], assistantMessageCount: 0, ...overrides };
}

interface ResultOptions {
  toolName: string;
  input: unknown;
  value: unknown;
  outcome?: DemoToolResult['outcome'];
}

function result({ toolName, input, value, outcome = 'ok' }: ResultOptions): DemoToolResult {
  return { toolCallId: `${toolName}-${JSON.stringify(input)}`, toolName, input, outcome, value, text: typeof value === 'string' ? value : JSON.stringify(value) };
}

function withResults(base: DemoConversationState, results: DemoToolResult[]): DemoConversationState {
  return { ...base, toolCalls: results.map(({ toolCallId, toolName, input }) => ({ toolCallId, toolName, input })), toolResults: results };
}

describe('pitch-deck playbooks: triggers', () => {
  it('orchestrates only with list_files, a dynamic worker tool and instructions about evaluating pitch decks', () => {
    expect(isDeckOrchestrator(state({ tools: [listFiles, workerCreate] }))).toBe(true);
    expect(isDeckOrchestrator(state({ tools: [listFiles] }))).toBe(false);
    expect(isDeckOrchestrator(state({ tools: [listFiles, workerCall], system: 'You summarise pitch decks.' }))).toBe(false);
    expect(isDeckEvaluator(evaluatorInstructions(null))).toBe(true);
    expect(isDeckEvaluator('You evaluate essays.')).toBe(false);
    expect(evaluatorNameFrom('- name: `deck_scorer`')).toBe('deck_scorer');
    expect(evaluatorNameFrom(ORCHESTRATOR)).toBe('pitch_evaluator');
  });
});

describe('pitch-deck orchestrator steps', () => {
  const tools = [listFiles, readFile, writeFile, workerCreate, workerCall];
  const listed = result({ toolName: 'list_files', input: { pattern: 'input/*.pdf' }, value: { files: [{ path: 'input/b.pdf' }, { path: 'input/notes.md' }, { path: 'input/a.PDF' }] } });
  const rubric = result({ toolName: 'read_file', input: { path: 'rubric.md' }, value: { path: 'rubric.md', content: 'Score Team twice.' } });
  const created = result({ toolName: 'worker_create', input: { name: 'pitch_evaluator' }, value: { created: 'pitch_evaluator', path: 'generated/pitch_evaluator.worker' } });

  it('lists decks, reads the rubric, then creates the evaluator with the rubric it read', () => {
    expect(decideDemoAction(state({ tools })).toolCalls).toEqual([{ toolName: 'list_files', input: { path: 'input', pattern: '*.pdf' } }]);
    const patternOnly = [tool('list_files', { pattern: { type: 'string' } }), workerCreate];
    expect(decideDemoAction(state({ tools: patternOnly })).toolCalls).toEqual([{ toolName: 'list_files', input: { pattern: 'input/*.pdf' } }]);
    expect(decideDemoAction(withResults(state({ tools }), [listed])).toolCalls).toEqual([{ toolName: 'read_file', input: { path: 'rubric.md' } }]);
    const create = decideDemoAction(withResults(state({ tools }), [listed, rubric])).toolCalls[0]!;
    expect(create.toolName).toBe('worker_create');
    expect(create.input).toMatchObject({ name: 'pitch_evaluator', attachment_policy: { max_attachments: 1, allowed_suffixes: ['.pdf'], required: true } });
    expect(String(create.input.instructions)).toContain('Score Team twice.');
  });

  it('calls the evaluator once per deck in one step, preferring its named tool when offered', () => {
    const viaWorkerCall = decideDemoAction(withResults(state({ tools }), [listed, rubric, created])).toolCalls;
    expect(viaWorkerCall).toEqual([
      { toolName: 'worker_call', input: { worker: 'pitch_evaluator', input: 'Evaluate the pitch deck input/a.PDF (A).', attachments: ['input/a.PDF'] } },
      { toolName: 'worker_call', input: { worker: 'pitch_evaluator', input: 'Evaluate the pitch deck input/b.pdf (B).', attachments: ['input/b.pdf'] } },
    ]);
    const named = tool('pitch_evaluator', { input: { type: 'string' }, attachments: { type: 'array' } }, ['input', 'attachments']);
    const viaNamed = decideDemoAction(withResults(state({ tools: [...tools, named] }), [listed, rubric, created])).toolCalls;
    expect(viaNamed.map((call) => [call.toolName, call.input.attachments])).toEqual([
      ['pitch_evaluator', ['input/a.PDF']],
      ['pitch_evaluator', ['input/b.pdf']],
    ]);
  });

  it('writes what it has when an evaluation fails, and reports the failure', () => {
    const report = '# A Co\n\n**Verdict: Pass** (total 7/25)\n\n| **Total** | **7/25** | |\n';
    const evaluations = [
      result({ toolName: 'worker_call', input: { worker: 'pitch_evaluator', attachments: ['input/a.PDF'] }, value: report }),
      result({ toolName: 'worker_call', input: { worker: 'pitch_evaluator', attachments: ['input/b.pdf'] }, value: 'worker_call failed: not a readable PDF', outcome: 'error' }),
    ];
    const writes = decideDemoAction(withResults(state({ tools }), [listed, rubric, created, ...evaluations])).toolCalls;
    expect(writes).toEqual([{ toolName: 'write_file', input: { path: 'evaluations/a.md', content: report } }]);
    const written = result({ toolName: 'write_file', input: writes[0]!.input, value: { path: 'evaluations/a.md' } });
    const summary = decideDemoAction(withResults(state({ tools }), [listed, rubric, created, ...evaluations, written])).toolCalls[0]!;
    expect(summary.input.path).toBe('evaluations/summary.md');
    expect(String(summary.input.content)).toContain('| 1 | A Co |');
    expect(String(summary.input.content)).toContain('- input/b.pdf: failed: worker_call failed: not a readable PDF');
  });

  it('reads an llm-do listing (names relative to the listed folder) as project-relative deck paths', () => {
    const llmDoListing = result({ toolName: 'list_files', input: { path: 'input', pattern: '*.pdf' }, value: ['b.pdf', 'notes.md', 'a.PDF'] });
    const calls = decideDemoAction(withResults(state({ tools }), [llmDoListing, rubric, created])).toolCalls;
    expect(calls.map((call) => call.input.attachments)).toEqual([['input/a.PDF'], ['input/b.pdf']]);
  });

  it('answers without creating anything when there is no deck', () => {
    const empty = result({ toolName: 'list_files', input: { pattern: 'input/*.pdf' }, value: { files: [], total: 0 } });
    expect(decideDemoAction(withResults(state({ tools }), [empty]))).toMatchObject({ toolCalls: [], text: expect.stringContaining('I found no pitch decks') });
  });
});

describe('pitch-deck evaluator', () => {
  it('explains that it needs extracted text when the deck arrives as a PDF file', () => {
    const action = decideDemoAction(
      state({ system: evaluatorInstructions(null), input: 'Evaluate.', attachments: [{ filename: 'deck.pdf', mediaType: 'application/pdf' }] }),
    );
    expect(action.playbook).toBe('pitch-deck-evaluator');
    expect(action.text).toContain('pdf_input: text');
  });
});
