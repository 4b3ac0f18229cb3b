/**
 * Remembers a function's result for the last key it saw, and makes it again
 * only when the key changes. For values a server derives from its environment
 * on every request (allowed hosts, the model list, the rate limiter): the
 * environment rarely changes, but tests and the CLI do change it, and one
 * remembered result cannot grow without bound the way a map of them could.
 */
export interface LastKeyMemoOptions<Input, Key, Value> {
  /** What the result depends on; read on every call, so it should be cheap. */
  keyOf: (input: Input) => Key;
  /** Makes the result when the key is new; gets the key too, so it need not derive it again. */
  compute: (input: Input, key: Key) => Value;
  /** Whether two keys are the same; `Object.is` unless given (pass a by-value comparison for object keys). */
  sameKey?: (previous: Key, next: Key) => boolean;
}

export function memoizeForLastKey<Input, Key, Value>({ keyOf, compute, sameKey = Object.is }: LastKeyMemoOptions<Input, Key, Value>): (input: Input) => Value {
  let last: { key: Key; value: Value } | null = null;
  return (input) => {
    const key = keyOf(input);
    if (last === null || !sameKey(last.key, key)) last = { key, value: compute(input, key) };
    return last.value;
  };
}
