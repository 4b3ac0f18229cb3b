'use client';

import { ApprovalItem } from '@/components/approvals/approval-item';
import { Modal } from '@/components/dialogs/modal';
import { useRunStore } from '@/lib/state/run/run-store';
import { MAX_TESTED_MODELS, useWorkerTestsStore } from '@/lib/state/worker-tests/worker-tests-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { WorkerTestsTable, WorkerTestsTotals } from './worker-tests-table';
import styles from './worker-tests.module.css';

/** Tests: run a worker's test cases on one or more models, then the results per case and model. */
export function WorkerTestsDialog() {
  const open = useWorkerTestsStore((state) => state.open);
  if (!open) return null;
  return <WorkerTestsDialogBody />;
}

function WorkerTestsDialogBody() {
  const store = useWorkerTestsStore();
  const models = useRunStore((state) => state.models);
  const revealProblem = useWorkspaceStore((state) => state.revealProblem);
  const hasResults = store.suite !== null && store.models.length > 0;
  return (
    <Modal title="Test cases" onClose={store.closeTests} testId="tests-dialog" size="large">
      <div className={styles.body}>
        <p className={styles.meta}>
          A worker&apos;s test cases live beside it in <code>&lt;worker&gt;.tests.yaml</code>. Each case is a normal run (kept, in the Runs panel) in its own copy of the
          project, so nothing it writes reaches the project. Open a result to see its run.
        </p>
        {store.testFiles.length === 0 ? (
          <p className={styles.meta} data-testid="tests-none">
            This project has no tests file yet. Add one beside a worker, e.g. <code>main.tests.yaml</code> beside <code>main.worker</code>.
          </p>
        ) : (
          <label className={styles.row}>
            Tests file
            <select value={store.selectedFile ?? ''} onChange={(event) => store.chooseFile(event.target.value)} disabled={store.running} data-testid="tests-file">
              {store.testFiles.map((file) => (
                <option key={file} value={file}>
                  {file}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset className={styles.models} disabled={store.running}>
          <legend>Models (1–{MAX_TESTED_MODELS})</legend>
          {models.map((option) => (
            <label key={option.id} className={styles.model}>
              <input type="checkbox" data-model={option.id} checked={store.selectedModels.includes(option.id)} onChange={() => store.toggleModel(option.id)} />
              {option.label}
            </label>
          ))}
        </fieldset>
        {store.error === null ? null : (
          <p className={styles.error} role="alert" data-testid="tests-error">
            {store.error}
          </p>
        )}
        {store.problems.length === 0 ? null : (
          <ul className={styles.problems} data-testid="tests-problems">
            {store.problems.map((problem, index) => (
              <li key={index}>
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => {
                    store.closeTests();
                    void revealProblem(problem);
                  }}
                >
                  {problem.file}:{problem.line}:{problem.column}
                </button>{' '}
                {problem.message}
              </li>
            ))}
          </ul>
        )}
        <div className={styles.actions}>
          {store.running ? (
            <button type="button" className="button button-danger" onClick={store.stop} data-testid="tests-stop">
              Stop
            </button>
          ) : (
            <button type="button" className="button button-primary" onClick={() => void store.start()} disabled={store.testFiles.length === 0} data-testid="tests-run" data-autofocus>
              Run tests
            </button>
          )}
          <button type="button" className="button" onClick={store.closeTests} data-testid="tests-close">
            Close
          </button>
        </div>
        {store.pendingApprovals.map((request, index) => (
          <ApprovalItem key={request.approvalId} request={request} focusOnMount={index === 0} onAnswer={(response) => store.answerApproval(request.approvalId, response)} />
        ))}
        {hasResults ? (
          <>
            <p className={styles.meta}>
              {store.suite!.path}: {store.suite!.cases.length} {store.suite!.cases.length === 1 ? 'case' : 'cases'} of <strong>{store.suite!.worker}</strong>
            </p>
            <WorkerTestsTable suite={store.suite!} models={store.models} cells={store.cells} running={store.running} onOpenRun={store.openRun} />
            <WorkerTestsTotals models={store.models} cells={store.cells} />
          </>
        ) : null}
      </div>
    </Modal>
  );
}
