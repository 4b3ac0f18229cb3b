'use client';

import { ApprovalItem } from '@/components/approvals/approval-item';
import { Modal } from '@/components/dialogs/modal';
import { ResultValue } from '@/components/run/result-value';
import { formatDuration } from '@/components/run/format';
import { costTotalLabel } from '@/lib/state/run/cost-labels';
import { MAX_COMPARED_MODELS, MIN_COMPARED_MODELS, useCompareStore, type ComparedRun } from '@/lib/state/compare/compare-store';
import { useRunStore } from '@/lib/state/run/run-store';
import { OutputDiff } from './output-diff';
import styles from './compare.module.css';

/** Compare: the models to try, the runs side by side, a diff of two outputs, apply one or discard all. */
export function CompareDialog() {
  const open = useCompareStore((state) => state.open);
  if (!open) return null;
  return <CompareDialogBody />;
}

function CompareDialogBody() {
  const store = useCompareStore();
  const models = useRunStore((state) => state.models);
  const inputText = useRunStore((state) => state.inputText);
  const finished = store.runs.length > 0 && store.runs.every((run) => run.summary !== null);
  return (
    <Modal title="Compare models" onClose={store.closeCompare} testId="compare-dialog" size="large">
      <div className={styles.body}>
        <p className={styles.meta}>
          Worker <strong>{store.workerName ?? '(none)'}</strong> with the Run form&apos;s input{inputText.trim() === '' ? '' : ` “${inputText.trim().slice(0, 80)}”`} and
          attachments. Each model runs in its own copy of the project: nothing is written until you apply one run.
        </p>
        <fieldset className={styles.models} disabled={store.running}>
          <legend>
            Models ({MIN_COMPARED_MODELS}–{MAX_COMPARED_MODELS})
          </legend>
          {models.map((option) => (
            <label key={option.id} className={styles.model}>
              <input type="checkbox" data-model={option.id} checked={store.selectedModels.includes(option.id)} onChange={() => store.toggleModel(option.id)} />
              {option.label}
            </label>
          ))}
        </fieldset>
        {store.error === null ? null : (
          <p className={styles.error} role="alert">
            {store.error}
          </p>
        )}
        <div className={styles.actions}>
          {store.running ? (
            <button type="button" className="button button-danger" onClick={store.stop} data-testid="compare-stop">
              Stop
            </button>
          ) : (
            <button type="button" className="button button-primary" onClick={() => void store.start()} data-testid="compare-run" data-autofocus>
              Run comparison
            </button>
          )}
          <button type="button" className="button" onClick={store.closeCompare} data-testid="compare-close">
            Close
          </button>
          {finished ? (
            <button type="button" className="button" onClick={store.discardAll} data-testid="compare-discard">
              Discard all
            </button>
          ) : null}
        </div>
        {store.pendingApprovals.map((request, index) => (
          <ApprovalItem key={request.approvalId} request={request} focusOnMount={index === 0} onAnswer={(response) => store.answerApproval(request.approvalId, response)} />
        ))}
        {store.applied === null ? null : (
          // Takes the focus: the Apply button it replaces is gone, and Escape must still reach the dialog.
          <p className={styles.applied} role="status" data-testid="compare-applied" tabIndex={-1} ref={(element) => element?.focus()}>
            Applied the changes of {store.applied.model}: {store.applied.changes.length === 0 ? 'it changed no files' : store.applied.changes.map((change) => `${change.path} (${change.change})`).join(', ')}.
          </p>
        )}
        {store.runs.length === 0 ? null : <CompareTable runs={store.runs} onApply={(model) => void store.apply(model)} canApply={finished} />}
        {finished ? <OutputDiff runs={store.runs} /> : null}
      </div>
    </Modal>
  );
}

function schemaLabel(run: ComparedRun): string {
  const schema = run.summary?.schema;
  if (schema === undefined) return '';
  if (schema.verdict === 'none') return 'no schema';
  return schema.verdict === 'valid' ? 'valid' : `invalid: ${schema.problem ?? ''}`;
}

/** A model id that may wrap after its provider ("openai-compatible:" then the model), never inside a word. */
function ModelName({ model }: { model: string }) {
  const colon = model.indexOf(':');
  if (colon === -1) return model;
  return (
    <>
      {model.slice(0, colon + 1)}
      <wbr />
      {model.slice(colon + 1)}
    </>
  );
}

/** Changed files, comma-separated as before; a long path may wrap after a slash, never inside a name. */
function ChangedFiles({ changes }: { changes: ComparedRun['changes'] }) {
  return changes.map((change, index) => (
    <span key={change.path}>
      {index === 0 ? '' : ', '}
      <PathWithBreaks path={change.path} /> ({change.change})
    </span>
  ));
}

function PathWithBreaks({ path }: { path: string }) {
  return path.split('/').map((part, index) => (
    <span key={index}>
      {index === 0 ? '' : '/'}
      {index === 0 ? null : <wbr />}
      {part}
    </span>
  ));
}

function CompareTable({ runs, onApply, canApply }: { runs: ComparedRun[]; onApply: (model: string) => void; canApply: boolean }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="compare-table">
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Status</th>
            <th scope="col">Output</th>
            <th scope="col">Output schema</th>
            <th scope="col" className={styles.number}>
              Steps
            </th>
            <th scope="col" className={styles.number}>
              Tokens in / out
            </th>
            <th scope="col" className={styles.number}>
              Latency
            </th>
            <th scope="col" className={styles.number}>
              Cost
            </th>
            <th scope="col">Files changed</th>
            <th scope="col" aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => {
            const status = run.summary?.status ?? 'running';
            return (
              <tr key={run.model} data-testid="compare-row" data-model={run.model} data-status={status}>
                <th scope="row">
                  <ModelName model={run.model} />
                </th>
                <td className={styles.nowrap}>{status}</td>
                <td className={styles.output}>
                  {run.summary === null ? null : run.summary.error !== undefined ? <span className={styles.error}>{run.summary.error}</span> : <ResultValue value={run.summary.output} />}
                </td>
                <td>{schemaLabel(run)}</td>
                <td className={styles.number}>{run.summary?.steps ?? ''}</td>
                <td className={styles.number}>{run.summary === null ? '' : `${run.summary.tokens.input} / ${run.summary.tokens.output}`}</td>
                <td className={styles.number}>{run.summary === null ? '' : formatDuration(run.summary.latencyMs)}</td>
                <td className={styles.number} data-testid="compare-cost">
                  {run.summary === null ? '' : costTotalLabel(run.summary.cost)}
                </td>
                <td className={styles.changes} data-testid="compare-changes">
                  {run.summary === null ? '' : run.changes.length === 0 ? 'none' : <ChangedFiles changes={run.changes} />}
                </td>
                <td>
                  {canApply && run.summary?.status === 'completed' ? (
                    <button type="button" className="button" onClick={() => onApply(run.model)} aria-label={`Apply the changes of ${run.model}`} data-testid="compare-apply">
                      Apply
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
