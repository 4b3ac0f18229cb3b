import { deckSentences, type DeckText } from '@/lib/model/demo/heuristics/deck-text';
import { findMoneyAmounts } from '@/lib/model/demo/heuristics/money';

/**
 * Transparent scoring of a pitch deck, criterion by criterion. Each criterion
 * starts at 1 and each signal found in its sentences adds (or removes) its
 * points once; the result is clamped to 1–5. The evidence is the deck
 * sentence that earned the most points, quoted verbatim. These are keyword
 * and number checks, not judgement: the report says so.
 */
export const CRITERIA = ['problem', 'solution', 'team', 'market', 'traction'] as const;
export type Criterion = (typeof CRITERIA)[number];

export const CRITERION_LABELS: Record<Criterion, string> = {
  problem: 'Problem',
  solution: 'Solution',
  team: 'Team',
  market: 'Market',
  traction: 'Traction',
};

/*
 * Every pattern here runs on each deck sentence (capped at
 * DEMO_LIMITS.sentenceCharacters, whitespace collapsed to single spaces), so
 * each must be linear: a pattern that starts with a repeated class (a run of
 * digits) may only start where that run starts (a lookbehind), otherwise it
 * rescans the run from every position in it.
 */
export interface Signal {
  label: string;
  points: number;
  test(sentence: string): boolean;
}

const words = (pattern: RegExp): Signal['test'] => (sentence) => pattern.test(sentence);
const hasMoney = (sentence: string) => findMoneyAmounts(sentence).length > 0;

export const TOP_DOWN_SHARE = /\b(?:capture|get|take|win|reach)\s+(?:just\s+|only\s+)?\d+(?:\.\d+)?\s*(?:%|percent)|\b\d+(?:\.\d+)?\s*(?:%|percent)\s+of\s+(?:the|a|an)\b/i;
export const NO_COMPETITORS = /\bno (?:competitors|competition)\b/i;
export const OPEN_ROLES = /\b(?:looking for|to be announced|tba|tbd|seeking a|still hiring)\b/i;

export const SIGNALS: Record<Criterion, Signal[]> = {
  problem: [
    { label: 'quantifies the pain', points: 1, test: words(/(?<![\d,.])\d[\d,.]*\s?(?:%|percent|hours?|days?|weeks?|dollars?|billion|million)/i) },
    { label: 'names who suffers', points: 1, test: words(/\b(?:operators?|customers?|freelancers?|companies|teams?|owners?|users?|patients?|businesses|clinics?|farmers?|retailers?|drivers?|shops?)\b/i) },
    { label: 'states a cost or risk', points: 1, test: words(/\b(?:costs?|lose|loses|lost|expensive|slow|dangerous|error-prone|waste[sd]?|banned|risky?|spend)\b/i) },
    { label: 'puts money at stake', points: 1, test: hasMoney },
  ],
  solution: [
    { label: 'concrete numbers', points: 1, test: words(/\d/) },
    { label: 'compares with today', points: 1, test: words(/\b(?:instead of|replaces?|replacing|faster|cheaper|than|without)\b/i) },
    { label: 'a tangible product', points: 1, test: words(/\b(?:robots?|reports?|dashboards?|app|platform|api|categori[sz]es|drafts|automates?|sensors?|device)\b/i) },
    { label: 'buzzwords instead of a mechanism', points: -1, test: words(/\b(?:blockchain|nfts?|metaverse|web3)\b/i) },
  ],
  team: [
    { label: 'years of relevant experience', points: 1, test: words(/\b\d+\s+years\b/i) },
    { label: 'track record', points: 1, test: words(/\b(?:previously|former|ex-|ran|built|shipped|founded|led|sold|exited)\b/i) },
    { label: 'key roles named', points: 1, test: words(/\b(?:CEO|CTO|COO|CFO|Head of|VP)\b/) },
    { label: 'deep expertise', points: 1, test: words(/\b(?:PhD|engineer|scientist|adviser|professor|doctor)\b/i) },
    { label: 'key roles still open', points: -1, test: words(OPEN_ROLES) },
  ],
  market: [
    { label: 'market sized in money', points: 1, test: (sentence) => hasMoney(sentence) && /\b(?:market|addressable|TAM|SAM|industry)\b/i.test(sentence) },
    { label: 'serviceable segment', points: 1, test: words(/\b(?:serviceable|SAM|SOM|segment|beachhead|first market|initial market)\b/i) },
    { label: 'countable customers', points: 1, test: words(/(?<![\d,.])\d[\d,.]*\s?(?:million|thousand)?\s(?:ports|customers|companies|freelancers|businesses|users|stores|hospitals|clinics|farms|schools|households|fleets)\b/i) },
    { label: 'price per customer', points: 1, test: words(/\b(?:dollars?|euros?|usd|eur)\s+(?:a|per)\s+(?:month|year|seat|user)\b|\/\s?(?:month|mo|year|yr)\b/i) },
    { label: 'growth or tailwind', points: 1, test: words(/\b(?:growing|grows|CAGR|regulation|pushing|tailwinds?)\b/i) },
    { label: 'top-down share of a market', points: -1, test: words(TOP_DOWN_SHARE) },
    { label: 'claims no competitors', points: -1, test: words(NO_COMPETITORS) },
  ],
  traction: [
    { label: 'revenue', points: 2, test: (sentence) => hasMoney(sentence) && /\b(?:revenue|ARR|MRR|recurring|sales|bookings)\b/i.test(sentence) },
    { label: 'paying customers or users', points: 1, test: words(/\b(?<![\d,])\d[\d,]*\s(?:paying\s)?(?:customers|clients|users|companies|subscribers)\b|\bpaying\b/i) },
    { label: 'growth', points: 1, test: words(/\b(?:grew|growth|\d+x|year over year|month over month|retention|doubled)\b/i) },
    { label: 'signed pilots or contracts', points: 1, test: words(/\b(?:pilots?|signed|contracts?|LOIs?|letters? of intent)\b/i) },
    { label: 'not launched yet', points: -1, test: words(/\b(?:coming soon|not yet launched|pre-launch|launching soon)\b/i) },
  ],
};

/** Slide titles that mark a criterion's section. */
const SECTION_TITLES: Record<Criterion, RegExp> = {
  problem: /\b(?:problem|pain|challenge)\b/i,
  solution: /\b(?:solution|product|how it works)\b/i,
  team: /\b(?:team|founders|people)\b/i,
  market: /\b(?:market|opportunity)\b/i,
  traction: /\b(?:traction|metrics|progress|results|customers)\b/i,
};

export interface CriterionScore {
  criterion: Criterion;
  score: number;
  /** The sentence that earned the most points, verbatim; null when the deck says nothing on it. */
  evidence: string | null;
  /** Labels of the signals found, with their sign: "+ revenue", "- not launched yet". */
  signals: string[];
}

/** The sentences a criterion is judged on: its slide(s), else any sentence that trips one of its signals. */
export function sentencesFor(deck: DeckText, criterion: Criterion): string[] {
  const section = deck.pages.filter((page) => SECTION_TITLES[criterion].test(page.title)).flatMap((page) => page.sentences);
  if (section.length > 0) return section;
  return deckSentences(deck)
    .map((sentence) => sentence.text)
    .filter((sentence) => SIGNALS[criterion].some((signal) => signal.test(sentence)));
}

export function scoreCriterion(deck: DeckText, criterion: Criterion): CriterionScore {
  const sentences = sentencesFor(deck, criterion);
  const found = new Set<Signal>();
  let evidence: string | null = sentences[0] ?? null;
  let bestPoints = 0;
  for (const sentence of sentences) {
    let points = 0;
    for (const signal of SIGNALS[criterion]) {
      if (!signal.test(sentence)) continue;
      found.add(signal);
      if (signal.points > 0) points += signal.points;
    }
    if (points > bestPoints) {
      bestPoints = points;
      evidence = sentence;
    }
  }
  const signals = SIGNALS[criterion].filter((signal) => found.has(signal));
  const total = 1 + signals.reduce((sum, signal) => sum + signal.points, 0);
  return {
    criterion,
    score: Math.max(1, Math.min(5, total)),
    evidence,
    signals: signals.map((signal) => `${signal.points > 0 ? '+' : '-'} ${signal.label}`),
  };
}

export function scoreDeck(deck: DeckText): CriterionScore[] {
  return CRITERIA.map((criterion) => scoreCriterion(deck, criterion));
}

export type Verdict = 'Invest' | 'Consider' | 'Pass';
export const MAX_TOTAL = CRITERIA.length * 5;

/** 20+ of 25 invest, 12+ consider, below that pass. */
export function verdictFor(total: number): Verdict {
  if (total >= 20) return 'Invest';
  if (total >= 12) return 'Consider';
  return 'Pass';
}
