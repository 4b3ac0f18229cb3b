'use client';

import dynamic from 'next/dynamic';

/** Monaco's diff editor, loaded on the client only when a diff is opened. */
export const DiffView = dynamic(() => import('./monaco-diff-view').then((module) => module.MonacoDiffView), {
  ssr: false,
  loading: () => <div className="pane-placeholder">Loading diff…</div>,
});
