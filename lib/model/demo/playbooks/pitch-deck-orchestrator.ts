import { DEMO_LIMITS } from '@/lib/model/demo/input-limits';
import { denialReason } from '@/lib/model/demo/conversation-state';
import type { DemoAction, DemoConversationState, DemoPlaybook, DemoToolCall, DemoToolResult } from '@/lib/model/demo/demo-types';
import { companyFromFileName } from '@/lib/model/demo/heuristics/deck-text';
import { deckSlug, rankDecks, renderSummary, type DeckOutcome } from '@/lib/model/demo/heuristics/evaluation-summary';
import { argumentsFor, findTool, pickProperty } from '@/lib/model/demo/tool-arguments';

/**
 * "pitch-deck-orchestrator": the bootstrapping demo. It applies when the
 * worker has `list_files` and the dynamic worker tools (`worker_create` or
 * `worker_call`) AND its instructions mention pitch decks and evaluating them.
 * Each step is decided from the tool results so far (never a step counter):
 *
 * 1. list_files("input", "*.pdf") (no deck → it says so and stops);
 * 2. read_file rubric.md (a missing rubric is noted, default criteria used);
 * 3. worker_create (llm-do: agent_create) the evaluator: the rubric text it read goes into the
 *    evaluator's instructions; attachment_policy one required .pdf
 *    (a name taken by its own earlier creation → the same call with replace: true);
 * 4. one evaluator call per deck, ALL in one step (the loop runs them
 *    concurrently) — by the evaluator's own tool when it is offered, else
 *    worker_call (llm-do: agent_call) — each with the deck as its single attachment;
 * 5. write_file evaluations/<slug>.md per deck with the evaluator's report;
 * 6. write_file evaluations/summary.md ranking the decks by total score;
 * 7. a final answer with the ranking and the files written.
 * A denied or failed step is reported, not retried.
 */
const DECK_FOLDER = 'input';
const RUBRIC_PATH = 'rubric.md';
const EVALUATIONS_FOLDER = 'evaluations';
const SUMMARY_PATH = `${EVALUATIONS_FOLDER}/summary.md`;
const DEFAULT_EVALUATOR_NAME = 'pitch_evaluator';

/** The create and call tools under either name: Workerbench's worker_create / worker_call or llm-do's agent_create / agent_call. */
const CREATE_TOOLS = ['worker_create', 'agent_create'];
const CALL_TOOLS = ['worker_call', 'agent_call'];

function firstTool(state: DemoConversationState, names: readonly string[]) {
  return names.map((name) => findTool(state.tools, name)).find((tool) => tool !== undefined);
}

export function isDeckOrchestrator(state: DemoConversationState): boolean {
  const hasDynamicTools = firstTool(state, CREATE_TOOLS) !== undefined || firstTool(state, CALL_TOOLS) !== undefined;
  return (
    findTool(state.tools, 'list_files') !== undefined &&
    hasDynamicTools &&
    /\bpitch[- ]?decks?\b/i.test(state.system) &&
    /\bevaluat\w*/i.test(state.system)
  );
}

/** The evaluator's name: the one the instructions ask for ("name: `x`"), else pitch_evaluator. */
export function evaluatorNameFrom(system: string): string {
  return /\bname:\s*`([A-Za-z0-9_-]+)`/.exec(system)?.[1] ?? DEFAULT_EVALUATOR_NAME;
}

export function evaluatorInstructions(rubric: string | null): string {
  return [
    'You evaluate one startup pitch deck, attached as a PDF, against the rubric below.',
    '',
    'Answer with a markdown report: the company name as the title (from the first slide); a line "**Verdict: Invest**", "**Verdict: Consider**" or "**Verdict: Pass**" with the total; a table with one row per criterion (Problem, Solution, Team, Market, Traction), its score from 1 to 5 as "N/5" and the sentence from the deck that justifies it, quoted; a row "| **Total** | **N/25** | |"; then a section "## Red flags" with one bullet per red flag, "- **flag**: quote".',
    '',
    rubric === null ? '## Rubric\n\nNo rubric.md was found: score each criterion on the evidence in the deck.' : `## Rubric (from ${RUBRIC_PATH})\n\n${rubric.trim()}`,
    '',
  ].join('\n');
}

function resultsOf(state: DemoConversationState, toolName: string): DemoToolResult[] {
  return state.toolResults.filter((result) => result.toolName === toolName);
}

/**
 * Workerbench's list_files returns {files: [{path}]} with project-relative
 * paths; llm-do's returns bare names relative to the listed folder. Both are
 * turned into project-relative paths, which is what attachments take.
 */
function pdfPathsOf(listing: DemoToolResult): string[] {
  const value = listing.value as { files?: unknown[] } | unknown[] | undefined;
  const entries = Array.isArray(value) ? value : (value?.files ?? []);
  const input = listing.input as { path?: unknown } | undefined;
  const folder = typeof input?.path === 'string' ? input.path.replace(/\/+$/, '') : '';
  return entries
    .map((entry) => {
      if (typeof entry === 'string') return folder === '' || folder === '.' ? entry : `${folder}/${entry}`;
      const path = (entry as { path?: unknown } | null)?.path;
      return typeof path === 'string' ? path : undefined;
    })
    .filter((path): path is string => path !== undefined && path.length <= DEMO_LIMITS.pathCharacters && /\.pdf$/i.test(path))
    .sort()
    .slice(0, DEMO_LIMITS.decks);
}

function call(state: DemoConversationState, toolName: string, input: Record<string, unknown>): DemoToolCall {
  const tool = findTool(state.tools, toolName);
  return { toolName, input: tool === undefined ? input : argumentsFor(tool, '', input) };
}

/** llm-do's form, list_files("input", "*.pdf"), when the tool takes a folder and a glob relative to it. */
function listDecks(state: DemoConversationState): DemoToolCall {
  const tool = findTool(state.tools, 'list_files')!;
  const patternKey = pickProperty(tool.inputSchema, ['pattern', 'glob']);
  const folderKey = pickProperty(tool.inputSchema, ['path', 'folder', 'directory']);
  if (patternKey !== undefined && folderKey !== undefined) return { toolName: 'list_files', input: { [folderKey]: DECK_FOLDER, [patternKey]: '*.pdf' } };
  if (patternKey !== undefined) return { toolName: 'list_files', input: { [patternKey]: `${DECK_FOLDER}/*.pdf` } };
  return { toolName: 'list_files', input: { [folderKey ?? 'path']: DECK_FOLDER } };
}

function rubricText(state: DemoConversationState): string | null {
  const read = resultsOf(state, 'read_file').find((result) => (result.input as { path?: unknown }).path === RUBRIC_PATH);
  if (read === undefined || read.outcome !== 'ok') return null;
  const content = (read.value as { content?: unknown } | undefined)?.content;
  return typeof content === 'string' ? content : read.text;
}

/** The create call, shaped by the tool's schema: llm-do's agent_create has no attachment policy and no replace. */
function createEvaluator(state: DemoConversationState, replace: boolean): DemoToolCall {
  const tool = firstTool(state, CREATE_TOOLS)!;
  // Workerbench's worker_create; llm-do's legacy one says `force`, its agent_create neither.
  const workerbench = tool.name === 'worker_create' && pickProperty(tool.inputSchema, ['force']) === undefined;
  const replaceKey = workerbench ? 'replace' : pickProperty(tool.inputSchema, ['force']);
  return call(state, tool.name, {
    name: evaluatorNameFrom(state.system),
    description: 'Evaluates one PDF pitch deck against the rubric and returns a scored markdown report.',
    instructions: evaluatorInstructions(rubricText(state)),
    ...(workerbench ? { attachment_policy: { max_attachments: 1, allowed_suffixes: ['.pdf'], required: true } } : {}),
    ...(replace && replaceKey !== undefined ? { [replaceKey]: true } : {}),
  });
}

/** Who a call tool names and how it takes the input: worker/agent, input/input_data (legacy llm-do). */
function callKeys(state: DemoConversationState): { tool: string; target: string; input: string } | undefined {
  const tool = firstTool(state, CALL_TOOLS);
  if (tool === undefined) return undefined;
  return {
    tool: tool.name,
    target: pickProperty(tool.inputSchema, ['worker', 'agent']) ?? 'worker',
    input: pickProperty(tool.inputSchema, ['input', 'input_data']) ?? 'input',
  };
}

/** The evaluator calls: by its own tool when it is offered, else the call tool. */
function evaluateDecks(state: DemoConversationState, evaluator: string, decks: readonly string[]): DemoToolCall[] {
  const named = findTool(state.tools, evaluator);
  const keys = callKeys(state) ?? { tool: 'worker_call', target: 'worker', input: 'input' };
  return decks.map((deck) => {
    const input = `Evaluate the pitch deck ${deck} (${companyFromFileName(deck)}).`;
    if (named !== undefined) return { toolName: evaluator, input: argumentsFor(named, input, { input, attachments: [deck] }) };
    return { toolName: keys.tool, input: { [keys.target]: evaluator, [keys.input]: input, attachments: [deck] } };
  });
}

function isEvaluatorCall(result: { toolName: string; input: unknown }, evaluator: string): boolean {
  if (result.toolName === evaluator) return true;
  const input = result.input as { worker?: unknown; agent?: unknown };
  return CALL_TOOLS.includes(result.toolName) && (input.worker ?? input.agent) === evaluator;
}

function deckOfCall(result: { input: unknown }): string | undefined {
  const attachments = (result.input as { attachments?: unknown }).attachments;
  return Array.isArray(attachments) && typeof attachments[0] === 'string' ? attachments[0] : undefined;
}

function writeCall(state: DemoConversationState, path: string, content: string): DemoToolCall {
  const tool = findTool(state.tools, 'write_file')!;
  const pathKey = pickProperty(tool.inputSchema, ['path', 'file_path', 'file']) ?? 'path';
  const contentKey = pickProperty(tool.inputSchema, ['content', 'text', 'data']) ?? 'content';
  return { toolName: 'write_file', input: { [pathKey]: path, [contentKey]: content } };
}

function writtenPath(result: { input: unknown }): string {
  const input = result.input as Record<string, unknown>;
  return String(input.path ?? input.file_path ?? input.file ?? '');
}

interface FinalAnswerOptions {
  state: DemoConversationState;
  evaluator: string;
  createdPath: string;
  outcomes: DeckOutcome[];
}

function finalAnswer({ state, evaluator, createdPath, outcomes }: FinalAnswerOptions): string {
  const ranked = rankDecks(outcomes);
  const lines = [
    `[demo] I evaluated ${outcomes.filter((outcome) => outcome.report !== null).length} of ${outcomes.length} pitch deck${outcomes.length === 1 ? '' : 's'} with the evaluator I created (${evaluator}, ${createdPath}).`,
    '',
    'Ranking:',
    ...ranked
      .filter((entry) => entry.rank !== null)
      .map((entry) => `${entry.rank}. ${entry.summary.company || companyFromFileName(entry.deckPath)}: ${entry.summary.total}/25, ${entry.summary.verdict ?? 'no verdict'}`),
    ...ranked.filter((entry) => entry.report === null).map((entry) => `- ${entry.deckPath} was not evaluated: ${entry.failure ?? 'no report'}`),
  ];
  const writes = resultsOf(state, 'write_file');
  if (writes.length > 0) {
    const written = writes.filter((result) => result.outcome === 'ok').map(writtenPath);
    lines.push('', written.length === 0 ? 'I wrote no files.' : `I wrote ${written.join(', ')}.`);
    for (const result of writes.filter((write) => write.outcome !== 'ok')) {
      lines.push(`The write to ${writtenPath(result)} ${result.outcome === 'denied' ? 'was denied' : 'failed'}: ${result.text}`);
    }
  } else {
    lines.push('', 'I have no write_file tool, so the reports are only in this run.');
  }
  return lines.join('\n');
}

export const pitchDeckOrchestratorPlaybook: DemoPlaybook = {
  name: 'pitch-deck-orchestrator',
  decide(state: DemoConversationState): DemoAction | null {
    if (!isDeckOrchestrator(state)) return null;

    // 1. Which decks are there?
    const listing = resultsOf(state, 'list_files')[0];
    if (listing === undefined) return { toolCalls: [listDecks(state)] };
    if (listing.outcome !== 'ok') return { text: `[demo] I could not list ${DECK_FOLDER}/: ${listing.text}` };
    const decks = pdfPathsOf(listing);
    if (decks.length === 0) {
      return { text: `[demo] I found no pitch decks (.pdf files) in ${DECK_FOLDER}/, so there is nothing to evaluate. Add PDFs to ${DECK_FOLDER}/ and run me again.` };
    }

    // 2. The rubric, if the worker can read files.
    if (findTool(state.tools, 'read_file') !== undefined && resultsOf(state, 'read_file').length === 0) {
      return { toolCalls: [call(state, 'read_file', { path: RUBRIC_PATH })] };
    }

    // 3. The evaluator.
    const creations = state.toolResults.filter((result) => CREATE_TOOLS.includes(result.toolName));
    const creation = creations[creations.length - 1];
    if (creation === undefined) {
      if (firstTool(state, CREATE_TOOLS) === undefined) return { text: '[demo] I cannot create an evaluator: this worker has no worker_create (or agent_create) tool.' };
      return { toolCalls: [createEvaluator(state, false)] };
    }
    // The gate reports a denial as an error text ("The user denied this call: <reason>").
    if (creation.outcome === 'denied' || /\bdenied\b/i.test(creation.text)) {
      const reason = creation.outcome === 'denied' ? creation.text : (/denied this call:\s*([\s\S]+)$/i.exec(creation.text)?.[1]?.trim() ?? denialReason(creation.text));
      return { text: `[demo] Creating the evaluator was denied: ${reason}. I evaluated no deck.` };
    }
    if (creation.outcome === 'error') {
      const asked = creation.input as { replace?: unknown; force?: unknown };
      const alreadyMine = /"replace": true/.test(creation.text) && asked.replace !== true && asked.force !== true && firstTool(state, CREATE_TOOLS)!.name === 'worker_create';
      if (alreadyMine) return { toolCalls: [createEvaluator(state, true)] };
      return { text: `[demo] I could not create the evaluator:\n\n${creation.text}` };
    }
    const created = creation.value as { created?: unknown; path?: unknown };
    const evaluator = typeof created.created === 'string' ? created.created : evaluatorNameFrom(state.system);
    const createdPath = typeof created.path === 'string' ? created.path : '';

    // 4. One evaluator call per deck, all in one step.
    const evaluations = state.toolResults.filter((result) => isEvaluatorCall(result, evaluator));
    if (evaluations.length === 0) return { toolCalls: evaluateDecks(state, evaluator, decks) };

    const outcomes: DeckOutcome[] = decks.map((deck) => {
      const result = evaluations.find((evaluation) => deckOfCall(evaluation) === deck);
      const reportPath = `${EVALUATIONS_FOLDER}/${deckSlug(deck)}.md`;
      if (result === undefined) return { deckPath: deck, reportPath, report: null, failure: 'the evaluator was not called for it' };
      if (result.outcome !== 'ok') return { deckPath: deck, reportPath, report: null, failure: `${result.outcome === 'denied' ? 'denied' : 'failed'}: ${result.text}` };
      return { deckPath: deck, reportPath, report: result.text };
    });
    if (findTool(state.tools, 'write_file') === undefined) return { text: finalAnswer({ state, evaluator, createdPath, outcomes }) };

    // 5. One report file per evaluated deck, 6. then the summary.
    const writes = resultsOf(state, 'write_file');
    if (writes.length === 0) {
      const reports = outcomes.filter((outcome) => outcome.report !== null).map((outcome) => writeCall(state, outcome.reportPath, outcome.report!));
      if (reports.length > 0) return { toolCalls: reports };
    }
    if (!writes.some((write) => writtenPath(write) === SUMMARY_PATH)) {
      return { toolCalls: [writeCall(state, SUMMARY_PATH, renderSummary(rankDecks(outcomes), companyFromFileName))] };
    }

    // 7. The answer.
    return { text: finalAnswer({ state, evaluator, createdPath, outcomes }) };
  },
};
