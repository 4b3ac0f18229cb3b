/**
 * Reading and writing plain-object records whose keys come from files or models
 * (tool names, worker names, schema property names). `record[key]` finds
 * Object.prototype members ("constructor", "toString" …) for keys the record
 * does not hold, and `record["__proto__"] = value` replaces the prototype instead
 * of adding an entry. Records built in memory should be Maps; these two are for
 * records that are parsed or serialised as JSON/YAML objects.
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Adds (or replaces) an own, enumerable entry — also for the key "__proto__". */
export function setOwnValue<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
