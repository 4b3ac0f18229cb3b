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
  // Depth-first with an explicit stack of open containers: memory grows with the depth (bounded), not the size.
  const frames: Frame[] = [];
  let values = 1;
  let characters = 0;
  let current: unknown = value;
  for (;;) {
    if (typeof current === 'string') {
      characters += current.length;
      if (characters > limits.maxCharacters) return failure({ limit: 'characters', frames, what, limits });
    } else if (typeof current === 'object' && current !== null) {
      if (frames.length >= limits.maxDepth) return failure({ limit: 'depth', frames, what, limits });
      const array = Array.isArray(current);
      frames.push({ container: current, keys: array ? null : Object.keys(current), next: 0, length: array ? (current as unknown[]).length : -1 });
      const frame = frames[frames.length - 1]!;
      if (frame.keys !== null) frame.length = frame.keys.length;
    }
    // The next value: the next child of the innermost container that has one left.
    let next: Frame | undefined;
    while ((next = frames[frames.length - 1]) !== undefined && next.next >= next.length) frames.pop();
    if (next === undefined) return { ok: true };
    const index = next.next;
    next.next += 1;
    values += 1;
    if (values > limits.maxValues) return failure({ limit: 'values', frames, what, limits });
    if (next.keys === null) current = (next.container as unknown[])[index];
    else {
      const key = next.keys[index]!;
      characters += key.length;
      if (characters > limits.maxCharacters) return failure({ limit: 'characters', frames, what, limits });
      current = (next.container as Record<string, unknown>)[key];
    }
  }
}

interface Frame {
  container: object;
  /** An object's own keys; null for an array. */
  keys: string[] | null;
  /** The child to visit next (the one before it is being visited). */
  next: number;
  length: number;
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

interface FailureOptions {
  limit: JsonLimitName;
  frames: readonly Frame[];
  what: string;
  limits: JsonLimits;
}

function failure({ limit, frames, what, limits }: FailureOptions): JsonBoundsResult & { ok: false } {
  const path = pathOf(frames);
  const where = path === '' ? '' : ` at ${path}`;
  const message =
    limit === 'depth'
      ? `${capitalized(what)} nests deeper than ${limits.maxDepth} levels${where}; Workerbench does not read it.`
      : limit === 'values'
        ? `${capitalized(what)} holds more than ${limits.maxValues.toLocaleString('en')} values (reached${where || ' at the top'}); Workerbench does not read it.`
        : `${capitalized(what)} has more than ${limits.maxCharacters.toLocaleString('en')} characters of text (reached${where || ' at the top'}); Workerbench does not read it.`;
  return { ok: false, limit, path, message };
}

/** "events[3].args[0][0]" (the child each open container is visiting): short, and cut in the middle when the nesting is what failed. */
function pathOf(frames: readonly Frame[]): string {
  const segments = frames.map((frame) => {
    const index = frame.next - 1;
    if (frame.keys === null) return `[${index}]`;
    const key = frame.keys[index]!;
    return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key.slice(0, 40))}]`;
  });
  const shown = segments.length > 12 ? [...segments.slice(0, 6), '…', ...segments.slice(-3)] : segments;
  return shown.join('').replace(/^\./, '');
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
