'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import type { PendingApproval } from '@/lib/state/run/approval-bridge';
import styles from './approvals.module.css';
import { ApprovalFieldView } from './approval-field-view';
import { EditCheck } from './edit-check';
import { isTextEntry, lastTypedTime } from './typing-clock';
import { questionTakesFocus } from '@/lib/state/run/question-focus';
import { useRunStore } from '@/lib/state/run/run-store';

interface ApprovalItemProps {
  request: PendingApproval;
  /** The oldest question takes the focus when it appears (unless the person is typing elsewhere), so the keys work at once. */
  focusOnMount: boolean;
  /** The run's project when it is not the open one (the user switched projects during the run). */
  otherProject?: string;
  onAnswer: (response: ApprovalResponse) => void;
}

function isTyping(target: EventTarget): boolean {
  return target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement || target instanceof HTMLSelectElement;
}

/**
 * One question: which worker (at which depth) wants to call which tool with
 * which arguments, shown as the tool presents them (fields, a diff against what
 * a value replaces, the tool's own objection). Any editable field may be
 * changed first: the tool checks the edit live, and an edited call is approved
 * once with the edited arguments (never for the session). Keys: Enter or A approves once, S approves for this
 * session, D denies (with the reason typed, if any), R goes to the reason.
 * Esc stops the run, as it does everywhere (in the reason field it leaves the field first).
 */
export function ApprovalItem({ request, focusOnMount, otherProject, onAnswer }: ApprovalItemProps) {
  const [reason, setReason] = useState('');
  const presentation = request.presentation;
  const proposed = request.proposedValues;
  const [values, setValues] = useState<Record<string, string>>(proposed);
  const edited = presentation.fields.some((field) => values[field.name] !== proposed[field.name]);
  const valuesKey = JSON.stringify(values);
  const [editError, setEditError] = useState<string | null>(null);
  const itemRef = useRef<HTMLDivElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!focusOnMount) return;
    const runStartedAt = useRunStore.getState().tree.runs[request.runId]?.startedAt ?? 0;
    if (questionTakesFocus({ focusInTextEntry: isTextEntry(document.activeElement), lastTypedAt: lastTypedTime(), runStartedAt })) itemRef.current?.focus();
  }, [focusOnMount, request.runId]);

  const deny = () => onAnswer({ choice: 'deny', ...(reason.trim() === '' ? {} : { reason: reason.trim() }) });
  // Edited values become the call's new arguments through the tool's own check; an edited call is approved once only.
  const approveOnce = async () => {
    if (!edited || request.checkEdit === undefined) {
      onAnswer({ choice: 'approve_once' });
      return;
    }
    const outcome = await request.checkEdit(values);
    if (outcome.ok) onAnswer({ choice: 'approve_once', editedArgs: outcome.args });
    else setEditError(outcome.error);
  };
  const approveSession = () => {
    if (!edited) onAnswer({ choice: 'approve_session' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // In the reason field Esc only leaves the field; anywhere else it goes on to stop the run (use-run-shortcuts).
      if (event.target === reasonRef.current) {
        event.preventDefault();
        itemRef.current?.focus();
      }
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target === reasonRef.current) {
      if (event.key === 'Enter') {
        event.preventDefault();
        deny();
      }
      return;
    }
    if (isTyping(event.target) || event.target instanceof HTMLButtonElement) return;
    const key = event.key.toLowerCase();
    if (key === 'enter' || key === 'a') void approveOnce();
    else if (key === 's') approveSession();
    else if (key === 'd') deny();
    else if (key === 'r') reasonRef.current?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={itemRef}
      className={styles.item}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="approval-item"
      data-tool={request.toolName}
      aria-label={`Approve ${request.toolName} for ${request.workerName}?`}
    >
      <p className={styles.who}>
        <span className={styles.tool}>{request.toolName}</span> requested by worker <strong>{request.workerName}</strong> (depth {request.depth})
        {otherProject === undefined ? null : (
          <>
            {' '}
            in project{' '}
            <strong className={styles.otherProject} data-testid="approval-other-project">
              {otherProject}
            </strong>
            , not the open one
          </>
        )}
      </p>
      {request.notice === undefined ? null : (
        <p className={styles.notice} data-testid="approval-notice">
          {request.notice}
        </p>
      )}
      {presentation.title === undefined ? null : (
        <p className={styles.summary} data-testid="approval-title">
          {presentation.title}
        </p>
      )}
      {presentation.fields.map((field) => (
        <ApprovalFieldView
          key={field.name}
          field={field}
          id={`approval-${request.approvalId}-${field.name}`}
          value={values[field.name] ?? ''}
          onChange={(value) => {
            setEditError(null);
            setValues((current) => ({ ...current, [field.name]: value }));
          }}
        />
      ))}
      {!edited && presentation.problem !== undefined ? (
        <p className={styles.problem} role="alert" data-testid="approval-problem">
          {presentation.problem}
        </p>
      ) : null}
      {edited ? <EditCheck values={values} valuesKey={valuesKey} check={request.checkEdit} /> : null}
      {editError === null ? null : (
        <p className={styles.problem} role="alert" data-testid="approval-edit-refused">
          Not approved: {editError}
        </p>
      )}
      {edited ? <p className={styles.hint}>Edited: the call runs with your values, approved once (never for the session).</p> : null}
      <label className={styles.label} htmlFor={`deny-reason-${request.approvalId}`}>
        Reason if you deny (told to the model) <kbd className={styles.key}>R</kbd>
      </label>
      <input
        id={`deny-reason-${request.approvalId}`}
        ref={reasonRef}
        className={styles.reason}
        data-testid="deny-reason"
        value={reason}
        placeholder="optional"
        onChange={(event) => setReason(event.target.value)}
      />
      <div className={styles.buttons}>
        <button type="button" className="button button-primary" data-testid="approve-once" onClick={() => void approveOnce()}>
          Approve once <kbd className={styles.key}>A</kbd> <kbd className={styles.key}>Enter</kbd>
        </button>
        <button
          type="button"
          className="button"
          data-testid="approve-session"
          disabled={edited}
          title={`Also approves, without asking, every later ${request.toolName} call with exactly these arguments until the page is reloaded`}
          onClick={approveSession}
        >
          Approve for this session <kbd className={styles.key}>S</kbd>
        </button>
        <button type="button" className="button button-danger" data-testid="deny" onClick={deny}>
          Deny <kbd className={styles.key}>D</kbd>
        </button>
      </div>
    </div>
  );
}
