import type { RunEvent } from '@/lib/runtime/events';

/**
 * A worker call's identity across runs. Call ids are random per run, so a call
 * of one run cannot name "the same" call of another by id. Its path can: the
 * entry call is the root, and a child is its parent's path plus the tool call
 * that started it. Tool-call ids come from the model's recorded responses, so a
 * run that follows a record (resume, replay) gives its calls the same paths.
 */
export const ROOT_CALL_PATH = '';

/**
 * The path of the `ordinal`-th (1-based) worker a tool call started. Nearly
 * every tool starts one worker; a tool that starts several numbers them in the
 * order they started.
 */
export function childCallPath(parentPath: string, toolCallId: string, ordinal = 1): string {
  const segment = ordinal === 1 ? toolCallId : `${toolCallId}#${ordinal}`;
  return `${parentPath}/${segment}`;
}

/** Every worker call's path in a recorded run, by its call id there. */
export function callPathsFromEvents(events: readonly RunEvent[]): Map<string, string> {
  const pathOf = new Map<string, string>();
  const childCount = new Map<string, number>();
  for (const event of events) {
    if (event.type !== 'worker-start') continue;
    let path: string | undefined;
    if (event.parentCallId === null) path = pathOf.size === 0 ? ROOT_CALL_PATH : undefined;
    else if (event.parentToolCallId !== undefined) {
      const parentPath = pathOf.get(event.parentCallId);
      const key = `${event.parentCallId}\u0000${event.parentToolCallId}`;
      const ordinal = (childCount.get(key) ?? 0) + 1;
      childCount.set(key, ordinal);
      if (parentPath !== undefined) path = childCallPath(parentPath, event.parentToolCallId, ordinal);
    }
    if (path !== undefined) pathOf.set(event.callId, path);
  }
  return pathOf;
}
