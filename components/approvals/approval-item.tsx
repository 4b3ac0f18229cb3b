'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import type { PendingApproval } from '@/lib/state/run-platform';
import styles from './approvals.module.css';

interface ApprovalItemProps {
  request: PendingApproval;
  /** The oldest question takes the focus when it appears, so the keys work at once. */
  focusOnMount: boolean;
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

function isTyping(target: EventTarget): boolean {
  return target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement || target instanceof HTMLSelectElement;
}

/**
 * One question: which worker (at which depth) wants to call which tool with
 * which arguments. Keys: Enter or A approves once, S approves for this
 * session, D denies (with the reason typed, if any), R goes to the reason.
 * Escape does not stop the run here; Stop does.
 */
export function ApprovalItem({ request, focusOnMount, onAnswer }: ApprovalItemProps) {
  const [reason, setReason] = useState('');
  const itemRef = useRef<HTMLDivElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const write = request.toolName === 'write_file' ? fileWrite(request.args) : null;

  useEffect(() => {
    if (focusOnMount) itemRef.current?.focus();
  }, [focusOnMount]);

  const deny = () => onAnswer({ choice: 'deny', ...(reason.trim() === '' ? {} : { reason: reason.trim() }) });

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
    if (key === 'enter' || key === 'a') onAnswer({ choice: 'approve_once' });
    else if (key === 's') onAnswer({ choice: 'approve_session' });
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
      </p>
      {write === null ? (
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
        <button type="button" className="button button-primary" data-testid="approve-once" onClick={() => onAnswer({ choice: 'approve_once' })}>
          Approve once <kbd className={styles.key}>A</kbd> <kbd className={styles.key}>Enter</kbd>
        </button>
        <button type="button" className="button" data-testid="approve-session" onClick={() => onAnswer({ choice: 'approve_session' })}>
          Approve for this session <kbd className={styles.key}>S</kbd>
        </button>
        <button type="button" className="button button-danger" data-testid="deny" onClick={deny}>
          Deny <kbd className={styles.key}>D</kbd>
        </button>
      </div>
    </div>
  );
}
