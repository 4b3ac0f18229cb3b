import type { ReceivedRequest } from '@/lib/model/testing/stand-in-server';
import type { StandInReply, StandInToolCall } from '@/lib/model/testing/stand-in-reply';

/**
 * Test support: a scripted but real orchestration for the pitch-deck example,
 * as an Anthropic Messages stand-in would play it. It decides each answer from
 * the request alone — the tools offered, the tool calls made and the results
 * that came back — the way a model does: list the decks and read the rubric,
 * create the evaluator, call it once per deck (all in one step), write the
 * reports and a summary, answer. The evaluator answers from the PDF it was
 * sent as a native `document` block. The loop in the browser does all the work.
 */
interface ToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
  result?: string;
}

type Block = { type?: string; id?: string; name?: string; input?: unknown; tool_use_id?: string; content?: unknown; source?: { media_type?: string; data?: string } };

function blocksOf(message: unknown): Block[] {
  const content = (message as { content?: unknown }).content;
  return Array.isArray(content) ? (content as Block[]) : [];
}

function toolUses(request: ReceivedRequest): ToolUse[] {
  const messages = Array.isArray(request.body.messages) ? request.body.messages : [];
  const uses = new Map<string, ToolUse>();
  for (const message of messages) {
    for (const block of blocksOf(message)) {
      if (block.type === 'tool_use' && block.id && block.name) uses.set(block.id, { id: block.id, name: block.name, input: (block.input ?? {}) as Record<string, unknown> });
      if (block.type === 'tool_result' && block.tool_use_id) {
        const use = uses.get(block.tool_use_id);
        if (use) use.result = typeof block.content === 'string' ? block.content : JSON.stringify(block.content);
      }
    }
  }
  return [...uses.values()];
}

function toolNames(request: ReceivedRequest): string[] {
  return Array.isArray(request.body.tools) ? (request.body.tools as Array<{ name?: string }>).flatMap((tool) => (tool.name ? [tool.name] : [])) : [];
}

/** The PDFs of the first user message, as native document blocks. */
export function documentsOf(request: ReceivedRequest): Block[] {
  const messages = Array.isArray(request.body.messages) ? request.body.messages : [];
  return messages.slice(0, 1).flatMap(blocksOf).filter((block) => block.type === 'document' && block.source?.media_type === 'application/pdf');
}

function firstUserText(request: ReceivedRequest): string {
  const messages = Array.isArray(request.body.messages) ? request.body.messages : [];
  return messages.slice(0, 1).flatMap(blocksOf).flatMap((block) => (block.type === 'text' ? [String((block as { text?: unknown }).text ?? '')] : [])).join('\n');
}

const DECK_PATH = /input\/[A-Za-z0-9._-]{1,100}\.pdf/g;

function slugOf(path: string): string {
  return path.replace(/^input\//, '').replace(/\.pdf$/, '').toLowerCase();
}

let callCounter = 0;
const callId = (name: string) => `toolu_${name}_${(callCounter += 1)}`;

function evaluate(request: ReceivedRequest): StandInReply {
  const documents = documentsOf(request);
  const deck = firstUserText(request).match(DECK_PATH)?.[0] ?? 'the deck';
  if (documents.length === 0) return { kind: 'answer', text: `I received no PDF for ${deck}.` };
  const bytes = Buffer.from(documents[0]?.source?.data ?? '', 'base64').length;
  return {
    kind: 'answer',
    text: `# ${slugOf(deck)}\n\n**Verdict: Consider** (15/25)\n\nRead ${deck} as a native PDF document of ${bytes} bytes.\n\n## Red flags\n\n- None found by the stand-in.`,
    usage: { inputTokens: 1200, outputTokens: 80 },
  };
}

function orchestrate(request: ReceivedRequest): StandInReply {
  const uses = toolUses(request);
  const made = (name: string) => uses.filter((use) => use.name === name);
  if (made('list_files').length === 0) {
    return {
      kind: 'answer',
      text: 'Looking for the decks and the rubric.',
      toolCalls: [
        { id: callId('list'), name: 'list_files', input: { pattern: 'input/*.pdf' } },
        { id: callId('read'), name: 'read_file', input: { path: 'rubric.md' } },
      ],
    };
  }
  const decks = [...new Set(made('list_files').flatMap((use) => use.result?.match(DECK_PATH) ?? []))];
  if (decks.length === 0) return { kind: 'answer', text: 'There are no decks in input/.' };
  if (made('worker_create').length === 0) {
    const rubric = made('read_file')[0]?.result ?? '';
    return {
      kind: 'answer',
      toolCalls: [
        {
          id: callId('create'),
          name: 'worker_create',
          input: {
            name: 'pitch_evaluator',
            description: 'Evaluates one PDF pitch deck against the rubric and returns a scored report.',
            instructions: `Evaluate the attached pitch deck against this rubric and return a markdown report.\n\n${rubric.slice(0, 4000)}`,
            attachment_policy: { max_attachments: 1, allowed_suffixes: ['.pdf'], required: true },
          },
        },
      ],
    };
  }
  const evaluations = uses.filter((use) => use.name === 'pitch_evaluator' || (use.name === 'worker_call' && use.input.worker === 'pitch_evaluator'));
  if (evaluations.length === 0) {
    const named = toolNames(request).includes('pitch_evaluator');
    const calls: StandInToolCall[] = decks.map((deck) => {
      const input = `Evaluate the pitch deck ${deck}`;
      return named
        ? { id: callId('evaluate'), name: 'pitch_evaluator', input: { input, attachments: [deck] } }
        : { id: callId('evaluate'), name: 'worker_call', input: { worker: 'pitch_evaluator', input, attachments: [deck] } };
    });
    return { kind: 'answer', text: `Evaluating ${decks.length} decks in parallel.`, toolCalls: calls };
  }
  if (made('write_file').length === 0) {
    const reports = evaluations.map((use) => {
      const deck = JSON.stringify(use.input).match(DECK_PATH)?.[0] ?? 'input/unknown.pdf';
      return { deck, report: use.result ?? '' };
    });
    const rows = reports.map(({ deck }, index) => `| ${index + 1} | ${slugOf(deck)} | evaluations/${slugOf(deck)}.md |`).join('\n');
    return {
      kind: 'answer',
      toolCalls: [
        ...reports.map(({ deck, report }) => ({ id: callId('write'), name: 'write_file', input: { path: `evaluations/${slugOf(deck)}.md`, content: report } })),
        { id: callId('write'), name: 'write_file', input: { path: 'evaluations/summary.md', content: `# Pitch deck summary\n\n| Rank | Company | Report |\n|---|---|---|\n${rows}\n` } },
      ],
    };
  }
  return { kind: 'answer', text: `Evaluated ${decks.length} decks; the summary is in evaluations/summary.md.` };
}

export function pitchDeckStandInAnswer(request: ReceivedRequest): StandInReply {
  return toolNames(request).includes('worker_create') || toolNames(request).includes('list_files') ? orchestrate(request) : evaluate(request);
}
