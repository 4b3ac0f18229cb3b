/**
 * Promote is rare and needs the worker parser (yaml, zod): the tree asks for it
 * through this function, which loads promote.ts on first use instead of with the page.
 */
export async function requestPromoteWorker(path: string): Promise<void> {
  const { requestPromoteWorker: promote } = await import('./promote');
  await promote(path);
}
