import type { TokenUsage } from '@/lib/model/protocol/step-protocol';
import type { RunEvent } from '@/lib/runtime/events';

export interface WorkerCallUsage {
  model: string;
  usage: TokenUsage;
}

/** Each worker call of a run: its model (from its start) and tokens (from its end), for the batch's cost. */
export function workerCallsOf(events: readonly RunEvent[]): WorkerCallUsage[] {
  const modelOf = new Map<string, string>();
  const calls: WorkerCallUsage[] = [];
  for (const event of events) {
    if (event.type === 'worker-start') modelOf.set(event.callId, event.model);
    if (event.type === 'worker-end') calls.push({ model: modelOf.get(event.callId) ?? '', usage: event.usage });
  }
  return calls;
}
