import { createDemoModel } from '@/lib/model/demo';
import { anthropicRequestAsCallOptions } from '@/lib/model/testing/anthropic-request-as-call-options';
import type { StandInReply } from '@/lib/model/testing/stand-in-reply';
import type { ReceivedRequest } from '@/lib/model/testing/stand-in-server';

/**
 * Test support: a stand-in answer decided by the demo model's playbooks from
 * an Anthropic request as it arrived on the wire. A project that runs to the
 * end with the demo model then runs the same way through the Anthropic SDK,
 * the real route and the provider's streaming format, which is what "runs with
 * a real provider" means short of a real key. Other wire formats are refused
 * loudly, so a test cannot pass by never asking.
 */
const demo = createDemoModel({ delayMs: 0 });

export function demoPlayedAnswer(request: ReceivedRequest): StandInReply {
  if (request.provider !== 'anthropic') return { kind: 'http-error', status: 400, message: `demoPlayedAnswer reads Anthropic requests, not ${request.provider}` };
  const decided = demo.decide(anthropicRequestAsCallOptions(request.body));
  return {
    kind: 'answer',
    ...(decided.text === '' ? {} : { text: decided.text }),
    toolCalls: decided.toolCalls.map((call, index) => ({ id: `toolu_${decided.toolCallIds[index] ?? index}`, name: call.toolName, input: call.input })),
  };
}
