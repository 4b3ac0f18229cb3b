import type { RunEvent } from '@/lib/runtime/events';

const ARGUMENT_CHARACTERS = 100;

/** A tool call's arguments on one line, cut to fit a terminal. */
export function briefArguments(args: unknown): string {
  const text = typeof args === 'string' ? args : JSON.stringify(args) ?? '';
  const line = text.replace(/\s+/g, ' ');
  return line.length > ARGUMENT_CHARACTERS ? `${line.slice(0, ARGUMENT_CHARACTERS)}…` : line;
}

/**
 * One line per event worth a line in a log: streamed text and the ends of
 * waits are left out (the output comes on stdout at the end). Null: no line.
 */
export function describeEvent(event: RunEvent): string | null {
  const who = `${'  '.repeat(event.depth)}${event.workerName}`;
  switch (event.type) {
    case 'run-start':
      return `run ${event.runId} started: ${event.workerName} on ${event.model === '' ? 'its own model' : event.model}${event.resumedFrom === undefined ? '' : ` (resumes ${event.resumedFrom})`}${event.replayOf === undefined ? '' : ` (replays ${event.replayOf})`}`;
    case 'worker-start':
      return `${who}: started on ${event.model}${event.attachments.length === 0 ? '' : ` with ${event.attachments.map((attachment) => attachment.path).join(', ')}`}`;
    case 'tool-call':
      return `${who}: ${event.toolName} ${briefArguments(event.args)}`;
    case 'approval-decision':
      return event.automatic ? null : `${who}: ${event.toolName} ${event.choice === 'deny' ? `denied${event.reason === undefined ? '' : `: ${event.reason}`}` : 'approved'}`;
    case 'tool-error':
      return `${who}: ${event.toolName} failed: ${event.error.message}`;
    case 'step-finish':
      return `${who}: step ${event.step} done (${event.usage.inputTokens} in, ${event.usage.outputTokens} out${event.fromRecord === true ? ', from the record' : ''})`;
    case 'model-wait':
      return event.reason === 'retry'
        ? `${who}: ${event.error.message} — retrying in ${Math.round(event.delayMs / 100) / 10} s (attempt ${event.attempt} of ${event.maxRetries})`
        : null;
    case 'worker-end':
      return `${who}: ${event.status} in ${(event.durationMs / 1000).toFixed(1)} s${event.error === undefined ? '' : `: ${event.error.message}`}`;
    case 'run-end':
      return `run ${event.runId} completed in ${(event.durationMs / 1000).toFixed(1)} s`;
    case 'run-error':
      return `run ${event.runId} ${event.error.code === 'aborted' ? 'stopped' : 'failed'}: ${event.error.message}${event.error.location === undefined ? '' : ` (at ${event.error.location})`}`;
    default:
      return null;
  }
}
