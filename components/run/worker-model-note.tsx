'use client';

import { selectEffectiveWorker, selectWorkerOwnModel, useRunStore } from '@/lib/state/run/run-store';
import styles from './run.module.css';

/** Says so when the chosen worker names its own model: that model answers, whatever the Model picker shows. */
export function WorkerModelNote() {
  const worker = useRunStore(selectEffectiveWorker);
  const ownModel = useRunStore(selectWorkerOwnModel);
  if (ownModel === undefined || worker === null) return null;
  return (
    <p className={styles.hint} data-testid="worker-model-note">
      {worker} sets <code>model: {ownModel}</code> in its frontmatter, so it runs on {ownModel}, not on the model chosen here.
    </p>
  );
}
