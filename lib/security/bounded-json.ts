/**
 * The one check every untrusted JSON value passes before anything renders,
 * reduces or validates it: how deep it nests, how many values it holds, and
 * how many characters its strings and keys add up to. A run link under 1 KB
 * can nest 20,000 arrays deep; JSON.parse accepts it, but JSON.stringify,
 * React and every recursive helper after it overflow the stack. The walk here
 * is iterative (an explicit stack), so the check itself cannot overflow, and
 * it stops at the first limit passed. Failures name what exceeded which limit
 * and where, in a sentence a person can act on.
 */
export interface JsonLimits {
  /** Deepest nesting of arrays and objects (the top value is depth 0). */
  maxDepth: number;
  /** Most values in all (every array, object, string, number, boolean and null counts one). */
  maxValues: number;
  /** Most characters of text (strings and keys together); for text still to parse, its length. */
  maxCharacters: number;
}

export type JsonLimitName = 'depth' | 'values' | 'characters';

export type JsonBoundsResult = { ok: true } | { ok: false; limit: JsonLimitName; path: string; message: string };

export type BoundedParseResult = { ok: true; value: unknown } | { ok: false; limit: JsonLimitName | 'syntax'; path: string; message: string };

/**
 * Nesting JSON.stringify, structured clone and the renderers handle with room to
 * spare, and far deeper than any record, project file or tool result that was
 * not made to attack: a run record's tool arguments sit about 5 levels down.
 */
export const DEFAULT_MAX_JSON_DEPTH = 64;

/** Checks a value already parsed (or built by code that does not bound it). Never throws. */
export function checkJsonBounds(value: unknown, limits: JsonLimits, what: string): JsonBoundsResult {
  // Each entry: the value, its depth and its parent entry's index (for the path of a failure).
  const values: unknown[] = [value];
  const depths: number[] = [0];
  const parents: number[] = [-1];
  const keys: (string | number)[] = [''];
  const pending: number[] = [0];
  let characters = 0;
  while (pending.length > 0) {
    const index = pending.pop()!;
    const current = values[index];
    const depth = depths[index]!;
    if (typeof current === 'string') characters += current.length;
    else if (typeof current === 'object' && current !== null) {
      if (depth >= limits.maxDepth) return failure('depth', pathOf(index, parents, keys), what, limits);
      if (Array.isArray(current)) {
        for (let item = current.length - 1; item >= 0; item -= 1) {
          if (values.length >= limits.maxValues) return failure('values', pathOf(index, parents, keys), what, limits);
          push(current[item], depth + 1, index, item);
        }
      } else {
        const entries = Object.keys(current);
        for (let item = entries.length - 1; item >= 0; item -= 1) {
          if (values.length >= limits.maxValues) return failure('values', pathOf(index, parents, keys), what, limits);
          const key = entries[item]!;
          characters += key.length;
          push((current as Record<string, unknown>)[key], depth + 1, index, key);
        }
      }
    }
    if (characters > limits.maxCharacters) return failure('characters', pathOf(index, parents, keys), what, limits);
  }
  return { ok: true };

  function push(item: unknown, depth: number, parent: number, key: string | number) {
    values.push(item);
    depths.push(depth);
    parents.push(parent);
    keys.push(key);
    pending.push(values.length - 1);
  }
}

/** Parses untrusted JSON text, refusing text over the character limit before parsing and values over the others after. Never throws. */
export function parseBoundedJson(text: string, limits: JsonLimits, what: string): BoundedParseResult {
  if (text.length > limits.maxCharacters) {
    return {
      ok: false,
      limit: 'characters',
      path: '',
      message: `${capitalized(what)} is ${text.length.toLocaleString('en')} characters long; at most ${limits.maxCharacters.toLocaleString('en')} are read.`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, limit: 'syntax', path: '', message: `${capitalized(what)} is not JSON (${error instanceof Error ? error.message : String(error)}).` };
  }
  const bounds = checkJsonBounds(value, limits, what);
  return bounds.ok ? { ok: true, value } : bounds;
}

function failure(limit: JsonLimitName, path: string, what: string, limits: JsonLimits): JsonBoundsResult & { ok: false } {
  const where = path === '' ? '' : ` at ${path}`;
  const message =
    limit === 'depth'
      ? `${capitalized(what)} nests deeper than ${limits.maxDepth} levels${where}; Workerbench does not read it.`
      : limit === 'values'
        ? `${capitalized(what)} holds more than ${limits.maxValues.toLocaleString('en')} values (reached${where || ' at the top'}); Workerbench does not read it.`
        : `${capitalized(what)} has more than ${limits.maxCharacters.toLocaleString('en')} characters of text (reached${where || ' at the top'}); Workerbench does not read it.`;
  return { ok: false, limit, path, message };
}

/** "events[3].args[0][0]": short, and cut in the middle when the nesting is what failed. */
function pathOf(index: number, parents: readonly number[], keys: readonly (string | number)[]): string {
  const segments: string[] = [];
  for (let at = index; at > 0; at = parents[at]!) {
    const key = keys[at]!;
    segments.push(typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key.slice(0, 40))}]`);
  }
  segments.reverse();
  const shown = segments.length > 12 ? [...segments.slice(0, 6), '…', ...segments.slice(-3)] : segments;
  return shown.join('').replace(/^\./, '');
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
