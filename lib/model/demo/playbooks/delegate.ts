import { isBuiltinToolName } from '@/lib/worker/builtin-tool-names';
import type { DemoAction, DemoConversationState, DemoPlaybook, DemoTool } from '@/lib/model/demo/demo-types';
import { mentionedPaths, quoteBlock } from '@/lib/model/demo/text-helpers';
import { parseFileDirectives } from '@/lib/model/demo/playbooks/file-directives';
import { argumentsFor, propertyNames } from '@/lib/model/demo/tool-arguments';

/** Worker tools take an `input` and are not one of the built-in filesystem/dynamic tools. */
export function workerTools(state: DemoConversationState): DemoTool[] {
  return state.tools.filter((tool) => propertyNames(tool.inputSchema).includes('input') && !isBuiltinToolName(tool.name));
}

const NAME_CHARACTER = /[A-Za-z0-9_-]/;

/** The name as a whole word (not inside a longer name); indexOf, never a RegExp built from a tool name. */
export function mentions(text: string, name: string): boolean {
  if (name.length === 0) return false;
  for (let index = text.indexOf(name); index !== -1; index = text.indexOf(name, index + 1)) {
    const before = index === 0 ? '' : text[index - 1]!;
    const after = text[index + name.length] ?? '';
    if (!NAME_CHARACTER.test(before) && !NAME_CHARACTER.test(after)) return true;
  }
  return false;
}

const DELEGATION_WORDS = /\bdelegat(e|es|ed|ing|ion)\b|\bhand (it )?off\b/i;

/** Which workers to call: those named in the input, else all of them when delegation is asked for. */
function chooseWorkers(state: DemoConversationState, candidates: DemoTool[]): DemoTool[] {
  const named = candidates.filter((tool) => mentions(state.input, tool.name));
  if (named.length > 0) return named;
  if (DELEGATION_WORDS.test(state.input) || DELEGATION_WORDS.test(state.system)) return candidates;
  return [];
}

function report(state: DemoConversationState, names: ReadonlySet<string>): string {
  const results = state.toolResults.filter((result) => names.has(result.toolName));
  const lines = [`[demo] I delegated to ${results.length} worker call${results.length === 1 ? '' : 's'}. Their answers:`];
  for (const result of results) {
    if (result.outcome === 'denied') lines.push('', `The call to ${result.toolName} was denied: ${result.text}`);
    else if (result.outcome === 'error') lines.push('', `${result.toolName} failed:`, quoteBlock(result.text));
    else lines.push('', `${result.toolName} answered:`, quoteBlock(result.text));
  }
  return lines.join('\n');
}

/**
 * "Please delegate: summarise X" hands on "summarise X", so a child that also
 * has worker tools does not read the same request to delegate again.
 */
export function delegatedInput(input: string): string {
  const stripped = input.replace(/^\s*(?:please\s+)?delegate\b[^:\n]*:\s*/i, '').trim();
  return stripped.length > 0 ? stripped : input;
}

/** "delegate each file", "… one file per call", "… separately": one call per mentioned file. */
const ONE_FILE_PER_CALL = /\beach\b|\bone (?:file|attachment|pdf) (?:per|at a time)\b|\bseparately\b/i;

/** The attachment lists to hand over: all paths in one call, or one call per path when asked. */
function attachmentBatches(input: string, paths: string[]): string[][] {
  if (paths.length === 0) return [[]];
  return ONE_FILE_PER_CALL.test(input) ? paths.map((path) => [path]) : [paths];
}

/**
 * "delegate": call the chosen worker tools, all in ONE step so the loop runs
 * them concurrently; once their results are in, answer quoting them. Mentioned
 * files go along as attachments, all to one call, or one call per file when
 * the input says "each" (or "separately", "one file per call").
 */
export const delegatePlaybook: DemoPlaybook = {
  name: 'delegate',
  decide(state: DemoConversationState): DemoAction | null {
    const candidates = workerTools(state);
    if (candidates.length === 0) return null;
    const candidateNames = new Set(candidates.map((tool) => tool.name));
    if (state.toolCalls.some((call) => candidateNames.has(call.toolName))) {
      return { text: report(state, candidateNames) };
    }
    const chosen = chooseWorkers(state, candidates);
    if (chosen.length === 0) return null;
    // A write directive's target does not exist yet: it is for the child to create, not to attach.
    const writeTargets = new Set(parseFileDirectives(state.input).flatMap((directive) => (directive.kind === 'write' ? [directive.path] : [])));
    const paths = mentionedPaths(state.input).filter((path) => !writeTargets.has(path));
    const childInput = delegatedInput(state.input);
    return {
      toolCalls: chosen.flatMap((tool) => {
        if (!propertyNames(tool.inputSchema).includes('attachments')) {
          return [{ toolName: tool.name, input: argumentsFor(tool, state.input, { input: childInput }) }];
        }
        return attachmentBatches(state.input, paths).map((batch) => {
          const overrides: Record<string, unknown> = { input: childInput };
          if (batch.length > 0) overrides.attachments = batch;
          return { toolName: tool.name, input: argumentsFor(tool, state.input, overrides) };
        });
      }),
    };
  },
};
