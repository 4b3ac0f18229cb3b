'use client';

import { useRunStore } from '@/lib/state/run/run-store';
import styles from './run.module.css';

/** The first thing a new visitor reads in the example: what it does, and the one click that runs it. */
export function ExampleWelcome() {
  const busy = useRunStore((state) => state.running || state.preparing);
  const runEntry = () => {
    const state = useRunStore.getState();
    const entry = state.projectInfo?.entry;
    if (entry !== undefined && state.chosenWorker !== null && state.chosenWorker !== entry) state.chooseWorker(entry);
    void useRunStore.getState().run();
  };
  return (
    <div className={styles.empty} data-testid="example-welcome">
      <p>
        <strong>Welcome.</strong> This example evaluates the three pitch decks in <code>input/</code> against <code>rubric.md</code>: its{' '}
        <code>main</code> worker asks you once before it creates an evaluator worker, runs that evaluator on each deck, and writes one report per
        deck plus <code>evaluations/summary.md</code>. It runs on the scripted demo model, so no key is needed.
      </p>
      <button type="button" className="button button-primary" data-testid="welcome-run-example" disabled={busy} onClick={runEntry}>
        Run the example
      </button>
    </div>
  );
}
