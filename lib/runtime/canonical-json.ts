/**
 * JSON with object keys sorted at every level, so that `{a:1,b:2}` and
 * `{b:2,a:1}` give the same string. Session approval grants are keyed by it:
 * "the same arguments" must not depend on the order a model wrote them in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'undefined';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    // No prototype: a "__proto__" key from JSON.parse must stay a key, not become the prototype.
    const sorted: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(value).sort()) {
      const entry = (value as Record<string, unknown>)[key];
      if (entry !== undefined) sorted[key] = sortKeys(entry);
    }
    return sorted;
  }
  return value;
}
