import type { ModelMessage } from 'ai';
import type { ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { canonicalJson } from '@/lib/runtime/canonical-json';

/**
 * What a replayed step's request does differently from the recorded one, in
 * words a person can act on ("the instructions differ", "tool read_file's
 * description differs", "message 4 (the tool result of read_file) differs"),
 * or null when the model would see exactly what it saw in the record. A replay
 * answers a step from the record only when this is null: anything else means
 * the recorded answer was given to another question.
 */
export function describeRequestDifference(recorded: Omit<ModelStepRequest, 'apiKey'>, request: ModelStepRequest): string | null {
  if (recorded.model !== request.model) return `the model differs (recorded ${recorded.model}, now ${request.model})`;
  if ((recorded.system ?? '') !== (request.system ?? '')) return `the instructions differ (${firstDifference(recorded.system ?? '', request.system ?? '')})`;
  const tools = toolsDifference(recorded.tools, request.tools);
  if (tools !== null) return tools;
  if (canonicalJson(recorded.outputSchema) !== canonicalJson(request.outputSchema)) return 'the output schema differs';
  return messagesDifference(recorded.messages, request.messages);
}

function toolsDifference(recorded: ModelStepRequest['tools'], now: ModelStepRequest['tools']): string | null {
  const before = new Map(recorded.map((tool) => [tool.name, tool]));
  const after = new Map(now.map((tool) => [tool.name, tool]));
  const added = [...after.keys()].filter((name) => !before.has(name));
  const removed = [...before.keys()].filter((name) => !after.has(name));
  if (added.length > 0 || removed.length > 0) {
    const parts = [added.length > 0 ? `added ${added.join(', ')}` : '', removed.length > 0 ? `removed ${removed.join(', ')}` : ''].filter(Boolean);
    return `the tools differ (${parts.join('; ')})`;
  }
  for (const [name, tool] of after) {
    const old = before.get(name)!;
    if (old.description !== tool.description) return `tool ${name}'s description differs`;
    if (canonicalJson(old.inputSchema) !== canonicalJson(tool.inputSchema)) return `tool ${name}'s input schema differs`;
  }
  return null;
}

function messagesDifference(recorded: readonly ModelMessage[], now: readonly ModelMessage[]): string | null {
  const shared = Math.min(recorded.length, now.length);
  for (let index = 0; index < shared; index += 1) {
    const old = recorded[index]!;
    const current = now[index]!;
    if (canonicalJson(old) === canonicalJson(current)) continue;
    return `message ${index + 1} (${describeMessage(current)}) differs: ${firstDifference(contentText(old), contentText(current))}`;
  }
  if (recorded.length !== now.length) return `the conversation has ${now.length} messages where the record has ${recorded.length}`;
  return null;
}

/** "the input", "the tool result of read_file", "the model's reply". */
function describeMessage(message: ModelMessage): string {
  if (message.role === 'user') return 'the input';
  if (message.role === 'assistant') return "the model's reply";
  if (message.role === 'system') return 'a system message';
  const names = [...new Set(message.content.flatMap((part) => (part.type === 'tool-result' ? [part.toolName] : [])))];
  return names.length === 0 ? 'tool results' : `the tool result of ${names.join(', ')}`;
}

function contentText(message: ModelMessage): string {
  return typeof message.content === 'string' ? message.content : canonicalJson(message.content);
}

const EXCERPT = 60;

/** Where two texts part, with a short excerpt of each side there. */
function firstDifference(before: string, after: string): string {
  let at = 0;
  const shortest = Math.min(before.length, after.length);
  while (at < shortest && before.charCodeAt(at) === after.charCodeAt(at)) at += 1;
  const excerpt = (text: string) => (at >= text.length ? '(ends here)' : JSON.stringify(text.slice(at, at + EXCERPT) + (text.length > at + EXCERPT ? '…' : '')));
  return `from character ${at + 1}: recorded ${excerpt(before)}, now ${excerpt(after)}`;
}
