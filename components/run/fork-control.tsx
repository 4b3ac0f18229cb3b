'use client';

import { useId, useState } from 'react';
import { GitFork } from 'lucide-react';
import type { CallNode } from '@/lib/run-tree/reduce-run-events';
import { selectEffectiveModel, useRunStore } from '@/lib/state/run/run-store';
import styles from './run.module.css';
import toolbarStyles from './run-document.module.css';

/**
 * "Fork…" in a finished run's toolbar, for the worker call selected in its
 * tree: pick the step the model answers anew and the model; the steps before it
 * are reused from the record, the workers are taken as they are now (so an edit
 * counts from that step on). Disabled while the run goes on or when the call
 * asked the model nothing.
 */
export function ForkControl({ call, disabled = false }: { call: CallNode; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const models = useRunStore((state) => state.models);
  const formModel = useRunStore(selectEffectiveModel);
  const busy = useRunStore((state) => state.running || state.preparing);
  const fork = useRunStore((state) => state.fork);
  const [step, setStep] = useState(1);
  const [model, setModel] = useState<string | null>(null);
  const id = useId();
  if (!open) {
    const unavailable = disabled || call.steps === 0;
    return (
      <button
        type="button"
        className={toolbarStyles.toolButton}
        data-testid="fork-open"
        disabled={unavailable}
        onClick={() => setOpen(true)}
        aria-label={`Fork this run from a step of ${call.workerName}`}
        title={`Fork from a step of ${call.workerName} (the selected worker call): reuse the recorded steps before it, with another model or the worker as you have edited it`}
      >
        <GitFork size={15} aria-hidden="true" />
        <span>Fork…</span>
      </button>
    );
  }
  const chosenModel = model ?? formModel;
  return (
    <form
      className={styles.forkForm}
      data-testid="fork-form"
      aria-label={`Fork this run from a step of ${call.workerName}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(false);
        void fork({ runId: call.runId, callId: call.callId, step, model: chosenModel });
      }}
    >
      <label htmlFor={`${id}-step`}>From step</label>
      <select id={`${id}-step`} data-testid="fork-step" value={step} onChange={(event) => setStep(Number(event.target.value))} autoFocus>
        {Array.from({ length: call.steps }, (_, index) => index + 1).map((number) => (
          <option key={number} value={number}>
            {number}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-model`}>with model</label>
      <select id={`${id}-model`} data-testid="fork-model" value={chosenModel} onChange={(event) => setModel(event.target.value)}>
        {models.some((option) => option.id === chosenModel) ? null : <option value={chosenModel}>{chosenModel}</option>}
        {models.map((option) => (
          <option key={option.id} value={option.id}>
            {option.id}
          </option>
        ))}
      </select>
      <button type="submit" className="button" data-testid="fork-run" disabled={busy}>
        Fork
      </button>
      <button type="button" className={styles.linkButton} onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}
