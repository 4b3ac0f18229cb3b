/**
 * The vocabulary of the scripted demo model. A playbook looks at the
 * conversation state (what a real model would see) and proposes the next move.
 */
export type JsonSchema = Record<string, unknown>;

export interface DemoTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

export interface DemoToolCallRecord {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

export interface DemoToolResult extends DemoToolCallRecord {
  /** `denied` when the user refused the call; `error` when the tool failed. */
  outcome: 'ok' | 'denied' | 'error';
  /** The result as text (JSON values are serialised). For a denial: the reason. */
  text: string;
  value: unknown;
}

export interface DemoAttachment {
  filename?: string;
  mediaType: string;
}

export interface DemoConversationState {
  /** All system instructions, joined. */
  system: string;
  /** Text of the latest user message: the worker's input. */
  input: string;
  attachments: DemoAttachment[];
  tools: DemoTool[];
  /** Tool calls the model already made since the latest user message, in order. */
  toolCalls: DemoToolCallRecord[];
  /** Their results, in order. */
  toolResults: DemoToolResult[];
  /** Assistant messages in the whole conversation: makes tool call ids unique. */
  assistantMessageCount: number;
  /** Set when the caller asked for structured output. */
  outputSchema?: JsonSchema;
}

export interface DemoToolCall {
  toolName: string;
  input: Record<string, unknown>;
}

/** One step of the demo model: tool calls (run concurrently by the loop) and/or text. */
export interface DemoAction {
  toolCalls?: DemoToolCall[];
  text?: string;
  /** A structured value for calls with an output schema; built from the schema when absent. */
  output?: unknown;
}

export interface DemoPlaybook {
  /** Short stable name, shown in the README and useful in tests. */
  name: string;
  /** Returns the next move, or null when this playbook does not apply. Must be pure. */
  decide(state: DemoConversationState): DemoAction | null;
}
