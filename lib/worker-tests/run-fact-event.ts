import type { TokenUsage } from '@/lib/model/protocol/step-protocol';

/**
 * The events of a run that the run checks read, as worker tests see them. Written here rather
 * than imported from the runtime, so worker tests (which lib/project reads) depend on no loop:
 * the runtime's RunEvent fits it.
 */
export interface RunFactEvent {
  type: string;
  /** On tool-call events. */
  toolName?: string;
  callId?: string;
  /** On worker-start events. */
  model?: string;
  /** On worker-end events. */
  usage?: TokenUsage;
}
