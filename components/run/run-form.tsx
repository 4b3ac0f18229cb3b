'use client';

import { useCompareStore } from '@/lib/state/compare/compare-store';
import { useWorkerTestsStore } from '@/lib/state/worker-tests/worker-tests-store';
import { selectInputPlaceholder, selectInputSchema, useRunStore } from '@/lib/state/run/run-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { AttachmentPicker } from './attachment-picker';
import { ModelPicker } from './model-picker';
import { SchemaForm } from './schema-form';
import { WorkerModelNote } from './worker-model-note';
import { WorkerPicker } from './worker-picker';
import styles from './run.module.css';

/** What to run: model, worker, input (text or the schema's form), attachments; then Run / Stop. */
export function RunForm() {
  const schema = useRunStore(selectInputSchema);
  const placeholder = useRunStore(selectInputPlaceholder);
  const inputText = useRunStore((state) => state.inputText);
  const setInputText = useRunStore((state) => state.setInputText);
  const running = useRunStore((state) => state.running);
  const preparing = useRunStore((state) => state.preparing);
  const preflight = useRunStore((state) => state.preflight);
  const formError = useRunStore((state) => state.formError);
  const startError = useRunStore((state) => state.startError);
  const run = useRunStore((state) => state.run);
  const openCompare = useCompareStore((state) => state.openCompare);
  const openTests = useWorkerTestsStore((state) => state.openTests);
  const stop = useRunStore((state) => state.stop);
  const revealProblem = useWorkspaceStore((state) => state.revealProblem);
  const ready = useWorkspaceStore((state) => state.phase === 'ready' && state.currentProject !== null);

  return (
    <form
      className={styles.form}
      aria-label="Run a worker"
      // Runs start from the Run button or the shortcut only; Enter in a field types.
      onSubmit={(event) => event.preventDefault()}
    >
      <div className={styles.row}>
        <WorkerPicker />
        <ModelPicker />
      </div>
      <WorkerModelNote />
      {schema === undefined ? (
        <div>
          <label className={styles.label} htmlFor="run-input">
            Input
          </label>
          <textarea
            id="run-input"
            className={styles.textarea}
            data-testid="run-input"
            value={inputText}
            placeholder={placeholder}
            onChange={(event) => setInputText(event.target.value)}
          />
        </div>
      ) : (
        <SchemaForm schema={schema} />
      )}
      <AttachmentPicker />
      {formError === null ? null : (
        <p className={styles.error} role="alert" data-testid="run-form-error">
          {formError}
        </p>
      )}
      {preflight === null ? null : (
        <div className={styles.warning} role="status" data-testid="run-preflight">
          {preflight.workerName} has problems; the run was started anyway and reports what fails:
          <ul className={styles.diagnostics}>
            {preflight.diagnostics.map((diagnostic, index) => (
              <li key={index}>
                <button type="button" className={styles.linkButton} onClick={() => void revealProblem(diagnostic)}>
                  {diagnostic.file}:{diagnostic.line}:{diagnostic.column}
                </button>{' '}
                {diagnostic.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {startError === null ? null : (
        <p className={styles.error} role="alert">
          {startError}
        </p>
      )}
      <div className={styles.actions}>
        <p className={styles.hint}>Ctrl/⌘+Enter runs the open worker · Esc stops</p>
        <button type="button" className="button" data-testid="compare-button" disabled={!ready || running || preparing} onClick={openCompare} title="Run this worker on several models side by side">
          Compare…
        </button>
        <button type="button" className="button" data-testid="tests-button" disabled={!ready || running || preparing} onClick={openTests} title="Run a worker's test cases (its .tests.yaml) on one or more models">
          Tests…
        </button>
        {running ? (
          // Distinct keys: the click on Stop must never land on a reused Run button (and start a run).
          <button key="stop" type="button" className="button button-danger" data-testid="stop-button" onClick={stop}>
            Stop
          </button>
        ) : (
          <button key="run" type="button" className="button button-primary" data-testid="run-button" disabled={!ready || preparing} onClick={() => void run()}>
            {preparing ? 'Preparing…' : 'Run'}
          </button>
        )}
      </div>
    </form>
  );
}
