'use client';

import { useEffect, useState } from 'react';

/**
 * Sets the ready flag once React has hydrated the page and run its effects: the moment the
 * bare page is interactive, which the bench times as "bench:ready" on the page's clock.
 */
export function ReadyFlag() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    performance.mark('bench:ready');
    document.documentElement.dataset.ready = 'true';
    setReady(true);
  }, []);
  return <p data-testid="ready-flag">{ready ? 'ready' : 'loading'}</p>;
}
