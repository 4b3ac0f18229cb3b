'use client';

import { useRunStore } from '@/lib/state/run-store';
import { useWorkspaceStore } from '@/lib/state/workspace-store';
import { ApprovalItem } from './approval-item';
import styles from './approvals.module.css';

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
  if (pending.length === 0) return null;
  return (
    <section className={styles.queue} role="dialog" aria-modal="false" aria-labelledby="approval-title" data-testid="approval-dialog">
      <h3 id="approval-title" className={styles.title}>
        {pending.length === 1 ? 'Approval needed' : `${pending.length} approvals needed`}
      </h3>
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
      <p className={styles.hint}>The run waits for your answer. Stop ends the run.</p>
    </section>
  );
}
