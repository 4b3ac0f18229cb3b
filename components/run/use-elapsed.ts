'use client';

import { useEffect, useState } from 'react';

/** Milliseconds since `startedAt`, ticking while `running`; undefined once it stops (the final duration takes over). */
export function useElapsed(startedAt: number, running: boolean): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [running]);
  return running ? Math.max(0, now - startedAt) : undefined;
}
