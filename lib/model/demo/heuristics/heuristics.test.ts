import { beforeAll, describe, expect, it } from 'vitest';
import { companyFromFileName, parseExtractedDeck, splitSentences, type DeckText } from '@/lib/model/demo/heuristics/deck-text';
import { DEMO_SCORING_NOTICE, readEvaluationReport, renderEvaluationReport, totalOf } from '@/lib/model/demo/heuristics/evaluation-report';
import { amountNear, findMoneyAmounts, formatMoney } from '@/lib/model/demo/heuristics/money';
import { findRedFlags } from '@/lib/model/demo/heuristics/red-flags';
import { scoreCriterion, scoreDeck, verdictFor } from '@/lib/model/demo/heuristics/score-criteria';
import { sampleDeckText, SAMPLE_DECK_FILES } from '@/lib/pdf/testing/sample-deck-texts';

function deckOf(pages: Record<string, string[]>, path = 'input/acme.pdf'): DeckText {
  const text = [
    `Extracted text of ${path} (${Object.keys(pages).length} pages):`,
    ...Object.entries(pages).flatMap(([title, lines], index) => [`--- page ${index + 1} ---`, title, ...lines, `Acme - ${index + 1}/9`]),
  ].join('\n');
  return parseExtractedDeck(text)!;
}

describe('deck text', () => {
  it('reads pages, titles and sentences, joining wrapped lines and dropping footers', () => {
    const deck = parseExtractedDeck(
      'Evaluate this.\nExtracted text of input/acme.pdf (2 pages):\n--- page 1 ---\nAcme Inc\nAcme - 1/2\n--- page 2 ---\nProblem\nPeople lose 3 hours a\nday. Really.\nAcme - 2/2',
    );
    expect(deck).toEqual({
      path: 'input/acme.pdf',
      company: 'Acme Inc',
      pages: [
        { number: 1, title: 'Acme Inc', sentences: [] },
        { number: 2, title: 'Problem', sentences: ['People lose 3 hours a day.', 'Really.'] },
      ],
    });
    expect(parseExtractedDeck('no deck here')).toBeNull();
    expect(splitSentences('Revenue of 1.2 million dollars. Next.')).toEqual(['Revenue of 1.2 million dollars.', 'Next.']);
    expect(companyFromFileName('input/tidewater-robotics.pdf')).toBe('Tidewater Robotics');
  });

  it('reads money only with a currency, with its scale', () => {
    expect(findMoneyAmounts('14 customers; 1.2 million dollars ARR and $4M raised, a 300 m hull').map((amount) => amount.value)).toEqual([1.2e6, 4e6]);
    expect(amountNear('Raising 10 million dollars at a 200 million dollar valuation.', /valuation/)?.value).toBe(200e6);
    expect(formatMoney(600e9)).toBe('$600B');
  });
});

describe('scoring signals', () => {
  it('adds a point per signal found, removes one per negative signal, and clamps to 1–5', () => {
    const strong = deckOf({ Traction: ['Revenue of 2 million dollars ARR from 40 paying customers.', 'Revenue grew 4x year over year.', 'Signed a pilot with a bank.'] });
    expect(scoreCriterion(strong, 'traction')).toMatchObject({ score: 5, evidence: 'Revenue of 2 million dollars ARR from 40 paying customers.' });
    const none = deckOf({ Traction: ['Coming soon.'] });
    expect(scoreCriterion(none, 'traction')).toMatchObject({ score: 1, signals: ['- not launched yet'] });
  });

  it('falls back to signal sentences anywhere when a criterion has no slide', () => {
    const deck = deckOf({ 'About us': ['Our CTO has 10 years in robotics and previously built drones.'] });
    expect(scoreCriterion(deck, 'team')).toMatchObject({ score: 4, evidence: 'Our CTO has 10 years in robotics and previously built drones.' });
    expect(scoreCriterion(deck, 'market')).toMatchObject({ score: 1, evidence: null });
  });

  it('flags valuations far beyond revenue, with the sentence', () => {
    const deck = deckOf({ Traction: ['Revenue of 1 million dollars a year.'], Ask: ['Raising 5 million dollars at a 100 million dollar valuation.'] });
    expect(findRedFlags(deck, scoreDeck(deck)).map((flag) => flag.flag)).toContain('Valuation 100x revenue ($100M on $1M)');
    expect(verdictFor(20)).toBe('Invest');
    expect(verdictFor(12)).toBe('Consider');
    expect(verdictFor(11)).toBe('Pass');
  });
});

describe('the three sample decks (real PDFs, text extracted with pdf.js)', () => {
  const decks = new Map<string, DeckText>();
  beforeAll(async () => {
    for (const file of SAMPLE_DECK_FILES) decks.set(file, parseExtractedDeck(await sampleDeckText(file))!);
  });
  const evaluate = (file: string) => {
    const deck = decks.get(file)!;
    const scores = scoreDeck(deck);
    return { deck, scores, total: totalOf(scores), flags: findRedFlags(deck, scores) };
  };

  it('ranks Tidewater strong, Lumen middling and Orbit weak', () => {
    const tidewater = evaluate('tidewater-robotics.pdf');
    const lumen = evaluate('lumen-ledger.pdf');
    const orbit = evaluate('orbit-snacks.pdf');
    expect([tidewater.deck.company, lumen.deck.company, orbit.deck.company]).toEqual(['Tidewater Robotics', 'Lumen Ledger', 'Orbit Snacks']);
    expect(verdictFor(tidewater.total)).toBe('Invest');
    expect(verdictFor(lumen.total)).toBe('Consider');
    expect(verdictFor(orbit.total)).toBe('Pass');
    expect(tidewater.total).toBeGreaterThan(lumen.total + 5);
    expect(lumen.total).toBeGreaterThan(orbit.total + 5);
    expect(Object.fromEntries(tidewater.scores.map((score) => [score.criterion, score.score]))).toEqual({ problem: 5, solution: 4, team: 5, market: 5, traction: 5 });
  });

  it('quotes evidence from the deck itself', () => {
    const tidewater = evaluate('tidewater-robotics.pdf');
    const traction = tidewater.scores.find((score) => score.criterion === 'traction')!;
    expect(traction.evidence).toBe('14 paying customers in 3 ports; 1.2 million dollars annual recurring revenue.');
    for (const { deck, scores } of [...decks.keys()].map(evaluate)) {
      const sentences = deck.pages.flatMap((page) => page.sentences);
      for (const score of scores) if (score.evidence !== null) expect(sentences).toContain(score.evidence);
    }
  });

  it('finds the red flags of each deck and none in Tidewater', () => {
    expect(evaluate('tidewater-robotics.pdf').flags).toEqual([]);
    expect(evaluate('lumen-ledger.pdf').flags.map((flag) => flag.flag)).toEqual([
      'Market sized top-down (a share of a big number)',
      'Key roles missing from the team',
      'Traction is mostly vanity metrics',
      'High monthly churn',
    ]);
    const orbit = evaluate('orbit-snacks.pdf').flags;
    expect(orbit.map((flag) => flag.flag)).toEqual(
      expect.arrayContaining([
        'Claims to have no competitors',
        'Promises guaranteed returns',
        'Promises outsized returns (10x or more)',
        'Hype instead of evidence',
        'Valuation of $200M with no revenue',
        'No evidence of traction (no revenue, customers or usage numbers)',
      ]),
    );
    expect(orbit.find((flag) => flag.flag === 'Claims to have no competitors')?.evidence).toBe(
      'The global snack market is 600 billion dollars and we have no competitors.',
    );
  });

  it('renders a report the orchestrator can read back', () => {
    const { deck, scores, flags, total } = evaluate('orbit-snacks.pdf');
    const report = renderEvaluationReport({ company: deck.company, path: deck.path, scores, redFlags: flags });
    expect(report).toContain(DEMO_SCORING_NOTICE);
    expect(report).toContain('**Verdict: Pass**');
    const read = readEvaluationReport(report);
    expect(read).toMatchObject({ company: 'Orbit Snacks', verdict: 'Pass', total });
    expect(read.redFlags).toEqual(flags.map((flag) => flag.flag));
    expect(read.scores).toEqual(Object.fromEntries(scores.map((score) => [score.criterion, score.score])));
  });
});
