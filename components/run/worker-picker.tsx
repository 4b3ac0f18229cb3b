'use client';

import { selectEffectiveWorker, useRunStore } from '@/lib/state/run/run-store';
import styles from './run.module.css';

/** Any worker of the project; the entry worker is preselected and marked. */
export function WorkerPicker() {
  const info = useRunStore((state) => state.projectInfo);
  const worker = useRunStore(selectEffectiveWorker);
  const chooseWorker = useRunStore((state) => state.chooseWorker);
  const names = info?.workers.map((entry) => entry.name) ?? [];
  return (
    <div>
      <label className={styles.label} htmlFor="run-worker">
        Worker
      </label>
      <select id="run-worker" className={styles.select} data-testid="worker-select" value={worker ?? ''} onChange={(event) => chooseWorker(event.target.value)}>
        {worker !== null && !names.includes(worker) ? <option value={worker}>{worker} (not found)</option> : null}
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
            {name === info?.entry ? ' (entry)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
