import { deckSentences, type DeckText } from '@/lib/model/demo/heuristics/deck-text';
import { amountNear, findMoneyAmounts, formatMoney } from '@/lib/model/demo/heuristics/money';
import { NO_COMPETITORS, OPEN_ROLES, TOP_DOWN_SHARE, type CriterionScore } from '@/lib/model/demo/heuristics/score-criteria';

/**
 * Red flags an investor would circle, each found by one plain rule over the
 * deck's sentences (or over the scores) and quoted with the sentence that
 * triggered it, so a reader can check every one.
 */
export interface RedFlag {
  flag: string;
  /** The deck sentence behind it, verbatim; null for flags about something missing. */
  evidence: string | null;
}

interface SentenceRule {
  flag: string;
  test(sentence: string): boolean;
}

/** Bounded gap and number: "churn" repeated across a long sentence must not rescan it once per occurrence. */
const HIGH_MONTHLY_CHURN = /churn[^.]{0,120}?(?<![\d.])(\d{1,4}(?:\.\d{1,4})?)\s?(?:%|percent)/i;

export const SENTENCE_RULES: SentenceRule[] = [
  { flag: 'Claims to have no competitors', test: (sentence) => NO_COMPETITORS.test(sentence) },
  { flag: 'Promises guaranteed returns', test: (sentence) => /\bguarantee(?:d|s)?\b/i.test(sentence) },
  { flag: 'Promises outsized returns (10x or more)', test: (sentence) => /\b\d{2,}x\b/i.test(sentence) },
  { flag: 'Hype instead of evidence', test: (sentence) => /\btrillion-dollar\b|\bnext (?:google|amazon|apple|unicorn)\b/i.test(sentence) },
  { flag: 'Market sized top-down (a share of a big number)', test: (sentence) => TOP_DOWN_SHARE.test(sentence) },
  { flag: 'Key roles missing from the team', test: (sentence) => OPEN_ROLES.test(sentence) },
  { flag: 'Traction is mostly vanity metrics', test: (sentence) => /\b(?:waiting list|waitlist|sign-?ups|page views|downloads|launch party|followers|likes)\b/i.test(sentence) },
  {
    flag: 'High monthly churn',
    test: (sentence) => {
      const match = HIGH_MONTHLY_CHURN.exec(sentence);
      return match !== null && /\bmonthly\b|\bper month\b|\ba month\b/i.test(sentence) && Number(match[1]) >= 3;
    },
  },
  { flag: 'Buzzwords without a clear link to the problem', test: (sentence) => /\b(?:blockchain|nfts?|metaverse|web3)\b/i.test(sentence) },
];

/** Valuations more than this many times revenue (or with no revenue at all) are flagged. */
export const MAX_VALUATION_TO_REVENUE = 50;

export function findRedFlags(deck: DeckText, scores: readonly CriterionScore[]): RedFlag[] {
  const sentences = deckSentences(deck).map((sentence) => sentence.text);
  const flags: RedFlag[] = [];
  for (const rule of SENTENCE_RULES) {
    const evidence = sentences.find((sentence) => rule.test(sentence));
    if (evidence !== undefined) flags.push({ flag: rule.flag, evidence });
  }

  const valuationSentence = sentences.find((sentence) => /\bvaluation\b/i.test(sentence) && findMoneyAmounts(sentence).length > 0);
  if (valuationSentence !== undefined) {
    const valuation = amountNear(valuationSentence, /\bvaluation\b/i)!;
    const revenue = sentences
      .filter((sentence) => /\b(?:revenue|ARR|MRR|recurring|sales)\b/i.test(sentence))
      .flatMap((sentence) => findMoneyAmounts(sentence))
      .reduce((largest, amount) => Math.max(largest, amount.value), 0);
    if (revenue === 0) {
      flags.push({ flag: `Valuation of ${formatMoney(valuation.value)} with no revenue`, evidence: valuationSentence });
    } else if (valuation.value / revenue > MAX_VALUATION_TO_REVENUE) {
      flags.push({
        flag: `Valuation ${Math.round(valuation.value / revenue)}x revenue (${formatMoney(valuation.value)} on ${formatMoney(revenue)})`,
        evidence: valuationSentence,
      });
    }
  }

  for (const score of scores) {
    if (score.score > 1) continue;
    if (score.criterion === 'traction') flags.push({ flag: 'No evidence of traction (no revenue, customers or usage numbers)', evidence: score.evidence });
    if (score.criterion === 'problem') flags.push({ flag: 'Problem stated without evidence', evidence: score.evidence });
  }
  return flags;
}
