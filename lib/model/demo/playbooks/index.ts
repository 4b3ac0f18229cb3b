import type { DemoPlaybook } from '../demo-types';
import { delegatePlaybook } from './delegate';
import { fileDirectivesPlaybook } from './file-directives';
import { fallbackPlaybook } from './fallback';
import { pitchDeckEvaluatorPlaybook } from './pitch-deck-evaluator';
import { pitchDeckOrchestratorPlaybook } from './pitch-deck-orchestrator';

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
