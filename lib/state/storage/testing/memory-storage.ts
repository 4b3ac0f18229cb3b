/** A Storage with the browser's semantics, kept in `entries` (a fresh map by default): what the stores' tests put in place of localStorage. */
export function memoryStorage(entries: Map<string, string> = new Map()): Storage {
  return {
    get length() {
      return entries.size;
    },
    key: (index) => [...entries.keys()][index] ?? null,
    getItem: (name) => entries.get(name) ?? null,
    setItem: (name, value) => void entries.set(name, value),
    removeItem: (name) => void entries.delete(name),
    clear: () => entries.clear(),
  };
}

/** Installs a memory Storage as the page's localStorage, holding `initial`; returns its entries for the test to read. */
export function installMemoryStorage(initial: Record<string, string> = {}): Map<string, string> {
  const entries = new Map(Object.entries(initial));
  Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(entries), configurable: true });
  return entries;
}
