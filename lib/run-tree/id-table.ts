/**
 * Tables keyed by ids that come from events, records and links: null-prototype
 * objects, so "__proto__", "constructor", "toString" or "hasOwnProperty" are ids
 * like any other. A plain object answers `table.toString` with Object's method
 * (a Runs panel broke on `parentCallId: "toString"`), and assigning
 * `table.__proto__` replaces its prototype. Spreading (`{ ...table }`) makes a
 * plain object again: copy with these instead. Plain objects stay, rather than
 * Maps, because the run tree is a store's state that views index directly.
 */
export type IdTable<Value> = Record<string, Value>;

/** A null-prototype table of these entries (the last of equal ids wins). */
export function idTable<Value>(entries: Iterable<readonly [string, Value]> = []): IdTable<Value> {
  const table = Object.create(null) as IdTable<Value>;
  for (const [id, value] of entries) table[id] = value;
  return table;
}

/** A null-prototype copy of a table (plain or not), own entries only. */
export function copyTable<Value>(table: Readonly<IdTable<Value>>): IdTable<Value> {
  const copy = Object.create(null) as IdTable<Value>;
  for (const id of Object.keys(table)) copy[id] = table[id]!;
  return copy;
}

/** Whether the table has no own entry (without listing its keys). */
export function isEmptyTable(table: Readonly<IdTable<unknown>>): boolean {
  for (const _id in table) return false;
  return true;
}

/**
 * The entries of `first`, then those of `second` (which win on equal ids). Tables
 * are never changed in place, so when either is empty the other one is the
 * answer itself, not a copy: merging a project's kept runs (50,000 calls at the
 * format's limit) into a page that shows none costs nothing.
 */
export function mergedTable<Value>(first: Readonly<IdTable<Value>>, second: Readonly<IdTable<Value>>): IdTable<Value> {
  if (isEmptyTable(second) && Object.getPrototypeOf(first) === null) return first;
  if (isEmptyTable(first) && Object.getPrototypeOf(second) === null) return second;
  const merged = copyTable(first);
  for (const id of Object.keys(second)) merged[id] = second[id]!;
  return merged;
}

/** A copy with one entry set. */
export function withEntry<Value>(table: Readonly<IdTable<Value>>, id: string, value: Value): IdTable<Value> {
  const copy = copyTable(table);
  copy[id] = value;
  return copy;
}

/** A copy without one entry. */
export function withoutEntry<Value>(table: Readonly<IdTable<Value>>, id: string): IdTable<Value> {
  const copy = copyTable(table);
  delete copy[id];
  return copy;
}

/** The table's own entry for the id; never a member of Object's prototype, even on a plain object. */
export function ownEntry<Value>(table: Readonly<IdTable<Value>>, id: string): Value | undefined {
  return Object.hasOwn(table, id) ? table[id] : undefined;
}
