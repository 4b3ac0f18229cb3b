import { createInterface } from 'node:readline/promises';
import type { ApprovalRequest } from '@/lib/runtime/approval-handler';
import type { TerminalAsker } from './approval-answers';

const SHOWN_FIELD_CHARACTERS = 1200;

/** How a question reads on the terminal: the tool's own title and fields (the tool owns its presentation). */
export function describeQuestion(request: ApprovalRequest): string {
  const lines = [`? ${request.workerName} wants to run ${request.toolName}${request.presentation.title === undefined ? '' : `: ${request.presentation.title}`}`];
  if (request.notice !== undefined) lines.push(`  ${request.notice}`);
  for (const field of request.presentation.fields) {
    const value = field.value.length > SHOWN_FIELD_CHARACTERS ? `${field.value.slice(0, SHOWN_FIELD_CHARACTERS)}… (${field.value.length} characters)` : field.value;
    lines.push(`  ${field.label}:${value.includes('\n') ? '\n' + value.replace(/^/gm, '    ') : ` ${value}`}`);
  }
  if (request.presentation.problem !== undefined) lines.push(`  Problem: ${request.presentation.problem}`);
  return lines.join('\n');
}

export interface CreateTerminalAskerOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  beforeAsking: () => void;
  afterAsking: () => void;
}

/**
 * The approval question at a terminal: approve once, approve for the run's
 * session, or deny with a reason the model is told. Prompts go to stderr, so
 * stdout keeps only the run's output.
 */
export function createTerminalAsker({ input, output, beforeAsking, afterAsking }: CreateTerminalAskerOptions): TerminalAsker {
  return async (request, signal) => {
    beforeAsking();
    const lines = createInterface({ input, output, terminal: true });
    try {
      output.write(`${describeQuestion(request)}\n`);
      for (;;) {
        const answer = (await lines.question('  [a]pprove, approve for this [s]ession, [d]eny? ', { signal })).trim().toLowerCase();
        if (answer === 'a' || answer === 'approve' || answer === 'y' || answer === 'yes') return { choice: 'approve_once' };
        if (answer === 's' || answer === 'session') return { choice: 'approve_session' };
        if (answer === 'd' || answer === 'deny' || answer === 'n' || answer === 'no') {
          const reason = (await lines.question('  Reason (told to the model, may be empty): ', { signal })).trim();
          return reason === '' ? { choice: 'deny' } : { choice: 'deny', reason };
        }
      }
    } finally {
      lines.close();
      afterAsking();
    }
  };
}
