import type { DemoPlaybook } from '@/lib/model/demo/demo-types';
import { delegatePlaybook } from '@/lib/model/demo/playbooks/delegate';
import { fileDirectivesPlaybook } from '@/lib/model/demo/playbooks/file-directives';
import { fallbackPlaybook } from '@/lib/model/demo/playbooks/fallback';
import { pitchDeckEvaluatorPlaybook } from '@/lib/model/demo/playbooks/pitch-deck-evaluator';
import { pitchDeckOrchestratorPlaybook } from '@/lib/model/demo/playbooks/pitch-deck-orchestrator';

/**
 * The demo model tries these in order and takes the first move offered.
 * To add a playbook: write `playbooks/<name>.ts` exporting a DemoPlaybook and
 * add it here, above the more generic ones. `fallback` must stay last.
 */
export const DEMO_PLAYBOOKS: readonly DemoPlaybook[] = [
  pitchDeckOrchestratorPlaybook,
  pitchDeckEvaluatorPlaybook,
  delegatePlaybook,
  fileDirectivesPlaybook,
  fallbackPlaybook,
];
