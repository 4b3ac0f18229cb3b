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
