/**
 * For tests: resolves once `predicate` holds, checked every `everyMs`; a guard against a hang, it
 * throws after `boundMs` saying what was awaited.
 */
export async function until(predicate: () => boolean, what = 'the condition', { everyMs = 10, boundMs = 10_000 } = {}): Promise<void> {
  for (let waited = 0; !predicate(); waited += everyMs) {
    if (waited > boundMs) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
