'use client';

import { lazy, Suspense, useEffect } from 'react';
import { useRunStore } from '@/lib/state/run/run-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import styles from './approvals.module.css';
import announcerStyles from './question-announcer.module.css';
import { useQuestionFocusReturn } from './use-question-focus-return';

// A question's view (fields, diffs, edit checks) is not part of the first load: it is fetched
// when a run starts, before the run can ask anything.
const loadApprovalItem = () => import('./approval-item');
const ApprovalItem = lazy(() => loadApprovalItem().then((module) => ({ default: module.ApprovalItem })));

/**
 * Every tool call waiting for a person, oldest first (several can wait at
 * once: tool calls of one step run concurrently). Not modal, so Stop stays
 * one click away; a stopped run empties it.
 */
export function ApprovalQueue() {
  const pending = useRunStore((state) => state.pendingApprovals);
  const answer = useRunStore((state) => state.answerApproval);
  const runProjects = useRunStore((state) => state.runProjects);
  const openProject = useWorkspaceStore((state) => state.currentProject);
  const running = useRunStore((state) => state.running || state.preparing);
  useQuestionFocusReturn();
  useEffect(() => {
    if (running) void loadApprovalItem().catch(() => undefined);
  }, [running]);
  // Always in the page, so a screen reader announces the question the moment it appears.
  const announcer = (
    <p className={announcerStyles.announcer} aria-live="assertive" data-testid="approval-announcer">
      {pending.length === 0
        ? ''
        : `Approval needed: ${pending[0]?.toolName} requested by worker ${pending[0]?.workerName}. A approves once, D denies, Esc stops the run.`}
    </p>
  );
  if (pending.length === 0) return announcer;
  return (
    <>
    {announcer}
    <section className={styles.queue} role="dialog" aria-modal="false" aria-labelledby="approval-title" data-testid="approval-dialog">
      <h3 id="approval-title" className={styles.title}>
        {pending.length === 1 ? 'Approval needed' : `${pending.length} approvals needed`}
      </h3>
      <Suspense fallback={<p className={styles.hint}>Loading the question…</p>}>
        {pending.map((request, index) => (
          <ApprovalItem
            key={request.approvalId}
            request={request}
            // The run goes on after a project switch: its question must not look like one about the open project.
            otherProject={runProjects[request.runId] !== undefined && runProjects[request.runId] !== openProject ? runProjects[request.runId] : undefined}
            focusOnMount={index === 0}
            onAnswer={(response) => answer(request.approvalId, response)}
          />
        ))}
      </Suspense>
      <p className={styles.hint}>The run waits for your answer. Stop or Esc ends the run.</p>
    </section>
    </>
  );
}
