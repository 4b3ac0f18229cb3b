import type { DemoAction, DemoConversationState, DemoPlaybook } from '@/lib/model/demo/demo-types';
import { parseExtractedDeck } from '@/lib/model/demo/heuristics/deck-text';
import { renderEvaluationReport } from '@/lib/model/demo/heuristics/evaluation-report';
import { findRedFlags } from '@/lib/model/demo/heuristics/red-flags';
import { scoreDeck } from '@/lib/model/demo/heuristics/score-criteria';

/**
 * "pitch-deck-evaluator": scores ONE pitch deck it received as extracted text.
 *
 * Applies when the worker's instructions talk about evaluating (or a rubric)
 * AND about a pitch deck, and its input carries a deck as extracted text
 * ("Extracted text of input/x.pdf (N pages):", what the runtime sends a model
 * without native PDF reading). It scores problem, solution, team, market and
 * traction 1–5 with the keyword/number signals of heuristics/score-criteria.ts
 * over the deck's actual sentences, lists red flags (heuristics/red-flags.ts)
 * and answers with a markdown report labelled as demo output. One step, no tools.
 */
const EVALUATION_WORDS = /\brubric\b|\bevaluat\w*/i;
const DECK_WORDS = /\bpitch\b|\bdecks?\b/i;

export function isDeckEvaluator(system: string): boolean {
  return EVALUATION_WORDS.test(system) && DECK_WORDS.test(system);
}

export const pitchDeckEvaluatorPlaybook: DemoPlaybook = {
  name: 'pitch-deck-evaluator',
  decide(state: DemoConversationState): DemoAction | null {
    if (!isDeckEvaluator(state.system)) return null;
    const deck = parseExtractedDeck(state.input);
    if (deck === null) {
      const pdf = state.attachments.find((attachment) => attachment.mediaType === 'application/pdf');
      if (pdf === undefined) return null;
      return {
        text: `[demo] I received ${pdf.filename ?? 'a PDF'} as a file, but the demo model can only read a deck's extracted text. Set "pdf_input: text" on this worker, or run it with a model that reads PDFs.`,
      };
    }
    const scores = scoreDeck(deck);
    const report = renderEvaluationReport({ company: deck.company, path: deck.path, scores, redFlags: findRedFlags(deck, scores) });
    return { text: `[demo] Evaluation of ${deck.path}\n\n${report}` };
  },
};
