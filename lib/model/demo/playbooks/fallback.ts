import type { DemoAction, DemoConversationState, DemoPlaybook } from '@/lib/model/demo/demo-types';
import { firstSentence, quoteBlock, words } from '@/lib/model/demo/text-helpers';

/**
 * "fallback": always applies. A transparent, deterministic answer derived
 * from the input, so nobody mistakes it for a generated one.
 */
export const fallbackPlaybook: DemoPlaybook = {
  name: 'fallback',
  decide(state: DemoConversationState): DemoAction {
    const lines: string[] = [];
    const count = words(state.input).length;
    if (count === 0) lines.push('[demo] I received no input text.');
    else lines.push(`[demo] Your input has ${count} word${count === 1 ? '' : 's'}. It begins: "${firstSentence(state.input)}"`);
    if (state.attachments.length > 0) {
      const names = state.attachments.map((attachment) => attachment.filename ?? attachment.mediaType).join(', ');
      lines.push(`I received ${state.attachments.length} attachment${state.attachments.length === 1 ? '' : 's'}: ${names}.`);
    }
    for (const result of state.toolResults) {
      if (result.outcome === 'denied') lines.push(`The call to ${result.toolName} was denied: ${result.text}`);
      else lines.push(`${result.toolName} returned:\n${quoteBlock(result.text, 300)}`);
    }
    lines.push('I am the scripted demo model: choose a real model in the model picker for generated answers.');
    return { text: lines.join('\n\n') };
  },
};
