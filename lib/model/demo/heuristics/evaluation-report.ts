import type { RedFlag } from '@/lib/model/demo/heuristics/red-flags';
import { CRITERIA, CRITERION_LABELS, MAX_TOTAL, verdictFor, type Criterion, type CriterionScore, type Verdict } from '@/lib/model/demo/heuristics/score-criteria';

/**
 * The evaluator's markdown report, and its reading back by the orchestrator
 * (which only sees the report text, as a real model would).
 */
export const DEMO_SCORING_NOTICE = 'Demo output: scored by keyword heuristics, not by a language model.';

export interface DeckEvaluation {
  company: string;
  path: string;
  scores: CriterionScore[];
  redFlags: RedFlag[];
}

export function totalOf(scores: readonly CriterionScore[]): number {
  return scores.reduce((sum, score) => sum + score.score, 0);
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
}

export function renderEvaluationReport(evaluation: DeckEvaluation): string {
  const total = totalOf(evaluation.scores);
  const lines = [
    `# ${evaluation.company}`,
    '',
    `**Verdict: ${verdictFor(total)}** (total ${total}/${MAX_TOTAL})`,
    '',
    `Deck: ${evaluation.path}`,
    '',
    '| Criterion | Score | Evidence from the deck |',
    '| --- | --- | --- |',
    ...evaluation.scores.map(
      (score) => `| ${CRITERION_LABELS[score.criterion]} | ${score.score}/5 | ${score.evidence === null ? '(nothing in the deck)' : `"${cell(score.evidence)}"`} |`,
    ),
    `| **Total** | **${total}/${MAX_TOTAL}** | |`,
    '',
    '## Red flags',
    '',
    ...(evaluation.redFlags.length === 0
      ? ['- None found by the heuristics.']
      : evaluation.redFlags.map((flag) => `- **${flag.flag}**${flag.evidence === null ? '' : `: "${flag.evidence}"`}`)),
    '',
    '## How the scores were made',
    '',
    'Each criterion starts at 1; every signal found in its slide adds its points (a negative one removes a point), capped at 5.',
    '',
    ...evaluation.scores.map((score) => `- ${CRITERION_LABELS[score.criterion]}: ${score.signals.length === 0 ? 'no signal found' : score.signals.join(', ')}`),
    '',
    DEMO_SCORING_NOTICE,
    '',
  ];
  return lines.join('\n');
}

export interface ReportSummary {
  company: string;
  verdict: Verdict | null;
  total: number | null;
  scores: Partial<Record<Criterion, number>>;
  redFlags: string[];
}

/** What an evaluation report says, read from its text; tolerant of reports that are not the demo's own. */
export function readEvaluationReport(text: string): ReportSummary {
  const company = /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? '';
  const verdict = (/\*\*Verdict:\s*(Invest|Consider|Pass)\*\*/i.exec(text)?.[1] ?? null) as Verdict | null;
  const totalMatch = /\|\s*\*\*Total\*\*\s*\|\s*\*\*(\d+)\s*\/\s*\d+\*\*/.exec(text);
  const scores: Partial<Record<Criterion, number>> = {};
  for (const criterion of CRITERIA) {
    const match = new RegExp(`^\\|\\s*${CRITERION_LABELS[criterion]}\\s*\\|\\s*(\\d)\\s*/\\s*5`, 'mi').exec(text);
    if (match !== null) scores[criterion] = Number(match[1]);
  }
  const flagsSection = /## Red flags\n([\s\S]*?)(?:\n## |$)/.exec(text)?.[1] ?? '';
  const redFlags = [...flagsSection.matchAll(/^- \*\*(.+?)\*\*/gm)].map((match) => match[1]!);
  const summed = Object.values(scores).reduce((sum, value) => sum + value, 0);
  return {
    company,
    verdict,
    total: totalMatch !== null ? Number(totalMatch[1]) : Object.keys(scores).length > 0 ? summed : null,
    scores,
    redFlags,
  };
}

