/**
 * The one way the page keeps small things in this browser (keys, prices, trust, unsaved text).
 * localStorage can be missing (the server render), blocked (privacy settings), full, or hold
 * anything another tab or an older version wrote: every read here answers undefined rather than
 * throw, every write says whether it was kept, and each caller decides what a refusal means.
 */

/** The page's localStorage, or null where there is none or it is blocked. */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored text of `key`; undefined when absent or storage is unavailable. */
export function readStoredText(key: string): string | undefined {
  try {
    return browserStorage()?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The stored JSON of `key`, parsed but unchecked (the caller checks its shape); undefined when absent, unavailable or not JSON. */
export function readStoredJson(key: string): unknown {
  const raw = readStoredText(key);
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * `text` parsed as JSON when it is at most `maxCharacters` long; undefined when it is longer (not
 * read at all: a reader that knows how long its own records get refuses a huge planted one before
 * parsing it, where the page's start would wait) or not JSON. Unchecked: the caller checks its shape.
 */
export function parseStoredJsonUpTo(text: string, maxCharacters: number): unknown {
  if (text.length > maxCharacters) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Stores `text` under `key`, or removes the entry when `text` is undefined. False when storage refused. */
export function writeStoredText(key: string, text: string | undefined): boolean {
  try {
    const store = browserStorage();
    if (store === null) return false;
    if (text === undefined) store.removeItem(key);
    else store.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** Stores `value` as JSON, or removes the entry when `value` is undefined. False when storage refused. */
export function writeStoredJson(key: string, value: unknown): boolean {
  return writeStoredText(key, value === undefined ? undefined : JSON.stringify(value));
}

/** `value` when it is a plain object (not an array, null or a string), else null. */
export function storedRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A plain object's own entries, or none for anything else (an array, null, a string). */
export function storedRecordEntries(value: unknown): Array<[string, unknown]> {
  const record = storedRecord(value);
  return record === null ? [] : Object.entries(record);
}
