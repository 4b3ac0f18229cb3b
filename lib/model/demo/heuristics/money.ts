/**
 * Money amounts written the way decks write them: "$4M", "1.2 million
 * dollars", "a 200 million dollar valuation", "750 thousand dollars",
 * "€3.5bn". A number counts as money only with a currency sign or word.
 */
export interface MoneyAmount {
  /** In units of the currency. */
  value: number;
  /** The words it was read from. */
  text: string;
  /** Character offset of the amount in the sentence. */
  index: number;
}

const SCALE: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mn: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
  t: 1e12,
};

/** The number may only start where a run of digits starts: otherwise "1111…1x" is rescanned from each digit. */
const AMOUNT =
  /([$€£])?\s?(?<![\d,.])(\d[\d,]*(?:\.\d+)?)\s?(thousand|million|billion|trillion|mn|bn|k|m|b|t)?\b[\s-]?(dollars?|usd|euros?|eur|pounds?|gbp)?/gi;

export function findMoneyAmounts(sentence: string): MoneyAmount[] {
  const amounts: MoneyAmount[] = [];
  for (const match of sentence.matchAll(AMOUNT)) {
    const [text, sign, digits, scale, currency] = match;
    if (sign === undefined && currency === undefined) continue;
    const value = Number(digits!.replace(/,/g, '')) * (scale === undefined ? 1 : (SCALE[scale.toLowerCase()] ?? 1));
    if (!Number.isFinite(value)) continue;
    amounts.push({ value, text: text.trim(), index: match.index });
  }
  return amounts;
}

/** The amount written closest before a keyword ("200 million dollar valuation"), else the closest after it. */
export function amountNear(sentence: string, keyword: RegExp): MoneyAmount | undefined {
  const found = keyword.exec(sentence);
  if (found === null) return undefined;
  const amounts = findMoneyAmounts(sentence);
  const before = amounts.filter((amount) => amount.index < found.index);
  return before[before.length - 1] ?? amounts.find((amount) => amount.index > found.index);
}

/** "$1.2M", "$600B": short, for reports. */
export function formatMoney(value: number): string {
  for (const [suffix, scale] of [['T', 1e12], ['B', 1e9], ['M', 1e6], ['K', 1e3]] as const) {
    if (value >= scale) return `$${Number((value / scale).toFixed(1))}${suffix}`;
  }
  return `$${value}`;
}
