import { DEMO_SCORING_NOTICE, readEvaluationReport, type ReportSummary } from '@/lib/model/demo/heuristics/evaluation-report';
import { CRITERIA, MAX_TOTAL } from '@/lib/model/demo/heuristics/score-criteria';

/**
 * The orchestrator's comparison of all decks: a ranking by total score (as
 * each evaluator report states it), a table per criterion, the red flags per
 * company, and the decks whose evaluation failed.
 */
export interface DeckOutcome {
  /** input/x.pdf */
  deckPath: string;
  /** Where the deck's report was written (evaluations/x.md). */
  reportPath: string;
  /** The evaluator's report, or null when its call failed. */
  report: string | null;
  /** Why there is no report. */
  failure?: string;
}

export interface RankedDeck extends DeckOutcome {
  summary: ReportSummary;
  rank: number | null;
}

/** Best total first; reports without a total last; ties keep the decks' order. */
export function rankDecks(outcomes: readonly DeckOutcome[]): RankedDeck[] {
  const read = outcomes.map((outcome, order) => ({
    ...outcome,
    order,
    summary: outcome.report === null ? { company: '', verdict: null, total: null, scores: {}, redFlags: [] } : readEvaluationReport(outcome.report),
  }));
  const ranked = read
    .filter((entry) => entry.summary.total !== null)
    .sort((left, right) => right.summary.total! - left.summary.total! || left.order - right.order);
  const unranked = read.filter((entry) => entry.summary.total === null);
  return [...ranked.map((entry, index) => ({ ...entry, rank: index + 1 })), ...unranked.map((entry) => ({ ...entry, rank: null }))].map(
    ({ order: _order, ...entry }) => entry,
  );
}

/** "input/Tidewater Robotics.pdf" → "tidewater-robotics". */
export function deckSlug(deckPath: string): string {
  const base = deckPath.split('/').pop()!.replace(/\.pdf$/i, '');
  const slug = base
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]/g, '');
  return slug === '' ? 'deck' : slug;
}

function companyOf(entry: RankedDeck, fallback: (path: string) => string): string {
  return entry.summary.company !== '' ? entry.summary.company : fallback(entry.deckPath);
}

export function renderSummary(ranked: readonly RankedDeck[], companyFromPath: (path: string) => string): string {
  const header = ['Rank', 'Company', ...CRITERIA.map((criterion) => criterion[0]!.toUpperCase() + criterion.slice(1)), 'Total', 'Verdict', 'Report'];
  const rows = ranked
    .filter((entry) => entry.report !== null)
    .map((entry) => {
      const { summary } = entry;
      const cells = [
        entry.rank === null ? '–' : String(entry.rank),
        companyOf(entry, companyFromPath),
        ...CRITERIA.map((criterion) => (summary.scores[criterion] === undefined ? '–' : String(summary.scores[criterion]))),
        summary.total === null ? '–' : `${summary.total}/${MAX_TOTAL}`,
        summary.verdict ?? '–',
        entry.reportPath,
      ];
      return `| ${cells.join(' | ')} |`;
    });
  const flagged = ranked.filter((entry) => entry.report !== null);
  const failed = ranked.filter((entry) => entry.report === null);
  return [
    '# Pitch deck evaluations: summary',
    '',
    `${flagged.length} of ${ranked.length} deck${ranked.length === 1 ? '' : 's'} evaluated, ranked by total score (out of ${MAX_TOTAL}).`,
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows,
    '',
    '## Red flags',
    '',
    ...flagged.map((entry) => {
      const flags = entry.summary.redFlags;
      return `- **${companyOf(entry, companyFromPath)}**: ${flags.length === 0 ? 'none found' : flags.join('; ')}`;
    }),
    ...(failed.length === 0 ? [] : ['', '## Not evaluated', '', ...failed.map((entry) => `- ${entry.deckPath}: ${entry.failure ?? 'no report'}`)]),
    '',
    DEMO_SCORING_NOTICE,
    '',
  ].join('\n');
}
