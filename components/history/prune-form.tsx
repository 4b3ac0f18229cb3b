'use client';

import { useState } from 'react';
import { useHistoryStore } from '@/lib/state/history/history-store';

/** Oldest history goes first: everything older than the newest N versions becomes one starting version. */
export function PruneForm({ total }: { total: number }) {
  const prune = useHistoryStore((state) => state.prune);
  const [keep, setKeep] = useState(20);
  return (
    <form
      className="history-prune"
      onSubmit={(event) => {
        event.preventDefault();
        void prune(keep);
      }}
    >
      <label>
        Keep the newest{' '}
        <input type="number" min={1} max={10_000} value={keep} onChange={(event) => setKeep(Math.max(1, Number(event.target.value) || 1))} /> versions
      </label>{' '}
      <button type="submit" className="button" disabled={total <= keep + 1}>
        Prune older history
      </button>
    </form>
  );
}
