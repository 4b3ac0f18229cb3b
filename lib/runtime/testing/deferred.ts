/** Test support: a promise with its resolve exposed, for barriers that need no timing. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Lets every pending promise callback run (several macrotask turns). */
export async function settle(turns = 5): Promise<void> {
  for (let index = 0; index < turns; index += 1) await new Promise((done) => setTimeout(done, 0));
}
