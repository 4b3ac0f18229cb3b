import type { ChatCompletionRequest, MockReply } from './mock-upstream';

/** Steps of the looper's run: 20 list_files steps, then the answer. */
export const LOOP_STEPS = 21;

/**
 * The loop bench's mock script; workers are told apart by their instructions
 * ("You are <name>. ..."): the looper lists files for LOOP_STEPS − 1 steps, the
 * fan-out worker calls its child the number of times it was told, the rest answer.
 */
export function loopMockReply(request: ChatCompletionRequest): MockReply {
  const system = String(request.messages.find((message) => message.role === 'system')?.content ?? '');
  const answered = request.messages.filter((message) => message.role === 'assistant').length;
  if (system.startsWith('You are looper.')) {
    return answered < LOOP_STEPS - 1 ? { toolCalls: [{ name: 'list_files', arguments: {} }] } : { text: 'Listed.' };
  }
  const fanOut = /^You are fan_out\. Call child (\d+) times\./.exec(system);
  if (fanOut !== null && answered === 0) {
    const count = Number(fanOut[1]);
    return { toolCalls: Array.from({ length: count }, (_, index) => ({ name: 'child', arguments: { input: `part ${index + 1}` } })) };
  }
  return { text: 'Done.' };
}
