/** A tool call as the model asked for it: the loop, the gate and the step records all speak of it. */
export interface ModelToolCall {
  toolCallId: string;
  toolName: string;
  args: unknown;
}
