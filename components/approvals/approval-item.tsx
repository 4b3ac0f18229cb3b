'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import { asWorkerCreateArgs, withEditedFileText } from '@/lib/runtime/dynamic-workers/worker-create-args';
import type { PendingApproval } from '@/lib/state/run-platform';
import styles from './approvals.module.css';
import { WorkerFileCheck } from './worker-file-check';

interface ApprovalItemProps {
  request: PendingApproval;
  /** The oldest question takes the focus when it appears (unless the person is typing elsewhere), so the keys work at once. */
  focusOnMount: boolean;
  /** The run's project when it is not the open one (the user switched projects during the run). */
  otherProject?: string;
  onAnswer: (response: ApprovalResponse) => void;
}

function pretty(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** write_file: the path and the content as text, the way a person reads a file. */
function fileWrite(args: unknown): { path: string; content: string } | null {
  if (typeof args !== 'object' || args === null) return null;
  const record = args as Record<string, unknown>;
  return typeof record.path === 'string' && typeof record.content === 'string' ? { path: record.path, content: record.content } : null;
}

const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** An element that takes typed text: a text field, a textarea, editable content, or an EditContext (Monaco in Chromium). */
function isTextEntry(element: Element | null): boolean {
  if (element instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(element.type);
  if (element instanceof HTMLTextAreaElement) return true;
  if (!(element instanceof HTMLElement)) return false;
  return element.isContentEditable || ((element as HTMLElement & { editContext?: unknown }).editContext ?? null) !== null;
}

function isTyping(target: EventTarget): boolean {
  return target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement || target instanceof HTMLSelectElement;
}

/**
 * One question: which worker (at which depth) wants to call which tool with
 * which arguments. Keys: Enter or A approves once, S approves for this
 * session, D denies (with the reason typed, if any), R goes to the reason.
 * Escape does not stop the run here; Stop does.
 */
export function ApprovalItem({ request, focusOnMount, otherProject, onAnswer }: ApprovalItemProps) {
  const [reason, setReason] = useState('');
  const preview = request.preview;
  const [fileText, setFileText] = useState(preview?.text ?? '');
  const edited = preview !== undefined && fileText !== preview.text;
  const itemRef = useRef<HTMLDivElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const write = request.toolName === 'write_file' ? fileWrite(request.args) : null;

  useEffect(() => {
    // Not while the person is typing elsewhere (the editor, a field): their next keys would answer
    // a question they have not read ("s" approves for the session, "d" denies).
    if (focusOnMount && !isTextEntry(document.activeElement)) itemRef.current?.focus();
  }, [focusOnMount]);

  const deny = () => onAnswer({ choice: 'deny', ...(reason.trim() === '' ? {} : { reason: reason.trim() }) });
  // An edited worker_create file goes back as the call's new arguments; an edited call is approved once only.
  const approveOnce = () =>
    onAnswer(edited ? { choice: 'approve_once', editedArgs: withEditedFileText(asWorkerCreateArgs(request.args), fileText) } : { choice: 'approve_once' });
  const approveSession = () => {
    if (!edited) onAnswer({ choice: 'approve_session' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // A dialog is open: Escape must not fall through to "stop the run".
      event.preventDefault();
      event.stopPropagation();
      if (event.target === reasonRef.current) itemRef.current?.focus();
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
    if (key === 'enter' || key === 'a') approveOnce();
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
      {preview !== undefined ? (
        <>
          <label className={styles.label} htmlFor={`worker-file-${request.approvalId}`}>
            Worker file {preview.path ?? ''} {preview.ok && preview.replacing ? '(replaces the one created earlier)' : ''} — you may edit it before approving
          </label>
          <textarea
            id={`worker-file-${request.approvalId}`}
            className={styles.editor}
            data-testid="approval-worker-file"
            spellCheck={false}
            value={fileText}
            onChange={(event) => setFileText(event.target.value)}
          />
          <WorkerFileCheck text={fileText} preview={preview} {...(request.checkEditedFile === undefined ? {} : { check: request.checkEditedFile })} />
          {edited ? <p className={styles.hint}>Edited: the worker is created from your text, approved once (never for the session).</p> : null}
        </>
      ) : write === null ? (
        <>
          <span className={styles.label}>Arguments</span>
          <pre className={styles.block} data-testid="approval-args">
            {pretty(request.args)}
          </pre>
        </>
      ) : (
        <>
          <span className={styles.label}>Write to</span>
          <pre className={styles.block} data-testid="approval-path">
            {write.path}
          </pre>
          <span className={styles.label}>Content ({write.content.length} characters)</span>
          <pre className={styles.block} data-testid="approval-content">
            {write.content}
          </pre>
        </>
      )}
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
        <button type="button" className="button button-primary" data-testid="approve-once" onClick={approveOnce}>
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
