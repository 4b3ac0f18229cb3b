import type { GatedToolbox, ToolCallOutcome } from '@/lib/runtime/approval-gate';
import type { ModelToolCall } from '@/lib/runtime/model-tool-call';
import { ASK_AGAIN_NOTICE } from '@/lib/runtime/recorded-run/ask-again';
import type { RecordedToolCalls } from '@/lib/runtime/recorded-run/recorded-tool-calls';

/**
 * Runs the tool calls of one model step. Each call is authorized in the order
 * the model asked (so a person sees one approval prompt at a time, and an
 * "approve for this session" covers an identical later call of the same step),
 * then approved calls run concurrently. A `sequential` tool is a barrier: it
 * waits for everything before it and runs alone before anything after it.
 * Results come back in the model's order whatever order they finished in.
 * In a step that follows a record (resume), `recorded` says per call whether
 * its recorded outcome stands, or a person is asked again (recorded-run/).
 */
export async function executeToolCalls(
  toolbox: GatedToolbox,
  calls: readonly ModelToolCall[],
  recorded?: RecordedToolCalls,
): Promise<ToolCallOutcome[]> {
  const authorized = [];
  for (const call of calls) {
    const plan = recorded?.(call) ?? { kind: 'run' };
    if (plan.kind === 'recorded') authorized.push(toolbox.fromRecord(call, plan.outcome));
    else authorized.push(await toolbox.authorize(call, plan.kind === 'ask-again' ? { askAgain: ASK_AGAIN_NOTICE } : {}));
  }

  const outcomes: ToolCallOutcome[] = [];
  let batch: typeof authorized = [];
  const flush = async () => {
    outcomes.push(...(await settleTogether(batch.map((call) => call.settle()))));
    batch = [];
  };
  for (const call of authorized) {
    if (call.sequential) {
      await flush();
      outcomes.push(await call.settle());
    } else {
      batch.push(call);
    }
  }
  await flush();
  return outcomes;
}

/**
 * Like Promise.all, but waits for every promise before rejecting, so that on a
 * stop each concurrent child has ended (and told so) before its parent does.
 */
async function settleTogether<T>(promises: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure !== undefined) throw failure.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}
