/**
 * `items.map(work)` with at most `limit` pieces of work under way at once,
 * results in the items' order. For storage reads: one at a time pays a round
 * trip each, all at once holds every file in memory together. The first
 * failure rejects the whole; work already started is left to finish.
 */
export async function mapWithLimit<Item, Result>(items: readonly Item[], limit: number, work: (item: Item, index: number) => Promise<Result>): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(Math.floor(limit), items.length)) }, worker));
  return results;
}
