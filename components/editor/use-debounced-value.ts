'use client';

import { useEffect, useState } from 'react';

/**
 * The value as it was once it stopped changing for `delayMs`; the first render
 * gets it at once, so a freshly mounted view is never empty or stale.
 */
export function useDebouncedValue<Value>(value: Value, delayMs: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
