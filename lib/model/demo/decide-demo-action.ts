import type { DemoAction, DemoConversationState, DemoPlaybook } from '@/lib/model/demo/demo-types';
import { DEMO_PLAYBOOKS } from '@/lib/model/demo/playbooks';
import { fallbackPlaybook } from '@/lib/model/demo/playbooks/fallback';
import { buildSchemaInstance } from '@/lib/model/demo/schema-instance';

export interface DecidedAction {
  playbook: string;
  toolCalls: NonNullable<DemoAction['toolCalls']>;
  text: string;
}

/**
 * Picks the first playbook that applies. When the caller wants structured
 * output and the move is a final answer, the answer becomes JSON that
 * conforms to the schema (the playbook's own `output`, else one built from it).
 */
export function decideDemoAction(state: DemoConversationState, playbooks: readonly DemoPlaybook[] = DEMO_PLAYBOOKS): DecidedAction {
  let chosen: { playbook: string; action: DemoAction } | undefined;
  for (const playbook of playbooks) {
    const action = playbook.decide(state);
    if (action && ((action.toolCalls?.length ?? 0) > 0 || action.text !== undefined || action.output !== undefined)) {
      chosen = { playbook: playbook.name, action };
      break;
    }
  }
  chosen ??= { playbook: fallbackPlaybook.name, action: fallbackPlaybook.decide(state) ?? { text: '[demo]' } };
  const toolCalls = chosen.action.toolCalls ?? [];
  if (state.outputSchema && toolCalls.length === 0) {
    const value =
      chosen.action.output !== undefined
        ? chosen.action.output
        : buildSchemaInstance(state.outputSchema, { text: [state.input, chosen.action.text ?? ''].join('\n') });
    return { playbook: chosen.playbook, toolCalls, text: JSON.stringify(value) };
  }
  return { playbook: chosen.playbook, toolCalls, text: chosen.action.text ?? '' };
}
