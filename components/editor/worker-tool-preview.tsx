'use client';

import { useId, useMemo, useState } from 'react';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { workerToolPreview, type PreviewedTool } from '@/lib/state/workspace/worker-tool-preview';
import type { Diagnostic } from '@/lib/worker/diagnostic';
import { isWorkerFilePath } from '@/lib/state/ui/worker-format';
import { useDebouncedValue } from './use-debounced-value';
import styles from './worker-tool-preview.module.css';

/** Same pause as the project diagnostics, so the view settles with the Problems panel. */
const PREVIEW_DELAY_MS = 200;

/**
 * "Tool view" under the editor of a `.worker` file: the tool a calling model
 * gets for this worker (name, description, JSON Schema of its parameters),
 * live as the user types. Collapsed by default; the choice holds across files.
 */
export function WorkerToolPreview() {
  const openPath = useWorkspaceStore((state) => state.openPath);
  const isText = useWorkspaceStore((state) => state.openView?.kind === 'text');
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  if (openPath === null || !isText || !isWorkerFilePath(openPath)) return null;

  return (
    <section className={styles.panel} aria-label="Tool view" data-testid="tool-view">
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={() => setExpanded((value) => !value)}
        data-testid="tool-view-toggle"
      >
        <svg className={styles.chevron} width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M6 3.5L10.5 8 6 12.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className={styles.title}>Tool view</span>
        <span className={styles.hint}>what a calling model gets for this worker</span>
      </button>
      {expanded ? (
        <div id={bodyId} className={styles.body}>
          {/* Keyed by file: the debounced texts of one file never show under another's name. */}
          <ToolViewContent key={openPath} path={openPath} />
        </div>
      ) : null}
    </section>
  );
}

function ToolViewContent({ path }: { path: string }) {
  const buffers = useWorkspaceStore((state) => state.buffers);
  // Diagnostics are already debounced by the store; the texts are debounced here.
  const diagnostics = useWorkspaceStore((state) => state.diagnostics);
  const settledBuffers = useDebouncedValue(buffers, PREVIEW_DELAY_MS);
  const preview = useMemo(() => workerToolPreview(path, settledBuffers, diagnostics), [path, settledBuffers, diagnostics]);

  if (preview === null) return <p className={styles.message}>This file is not loaded as a worker.</p>;
  if (preview.status === 'problems') return <ToolViewProblems problems={preview.problems} />;
  return <ToolViewDetails tool={preview.tool} />;
}

function ToolViewProblems({ problems }: { problems: readonly Diagnostic[] }) {
  const revealProblem = useWorkspaceStore((state) => state.revealProblem);
  return (
    <div data-testid="tool-view-problems">
      <p className={styles.message} role="status">
        Fix the problems in this file to see its tool.
      </p>
      <ul className={styles.problems}>
        {problems.map((problem) => (
          <li key={`${problem.line}:${problem.column}:${problem.code}:${problem.message}`}>
            <button type="button" className={styles.problem} onClick={() => void revealProblem(problem)}>
              <span className={styles.location}>
                {problem.line}:{problem.column}
              </span>
              <span>{problem.message}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ToolViewDetails({ tool }: { tool: PreviewedTool }) {
  const parameters = JSON.stringify(tool.parameters, null, 2);
  const [copyStatus, setCopyStatus] = useState('');

  async function copy(): Promise<void> {
    const text = JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.parameters }, null, 2);
    try {
      await navigator.clipboard.writeText(text);
      setCopyStatus('Copied');
    } catch {
      // Clipboard access can be refused (permissions, insecure context); say so rather than fail silently.
      setCopyStatus('Copy failed: the browser refused clipboard access');
    }
  }

  return (
    <div className={styles.details}>
      <div className={styles.row}>
        <h3 className={styles.label}>Tool</h3>
        <code className={styles.name} data-testid="tool-view-name">
          {tool.name}
        </code>
        <button type="button" className={styles.copy} onClick={() => void copy()}>
          Copy as JSON
        </button>
        <span className={styles.copyStatus} role="status">
          {copyStatus}
        </span>
      </div>
      <h3 className={styles.label}>Description</h3>
      <pre className={styles.code} data-testid="tool-view-description">
        {tool.description}
      </pre>
      <h3 className={styles.label}>Parameters (JSON Schema)</h3>
      <pre className={styles.code} data-testid="tool-view-parameters" tabIndex={0} aria-label="Parameters as JSON Schema">
        {parameters}
      </pre>
      {tool.expandedInstructions === undefined ? null : (
        <>
          <h3 className={styles.label}>Instructions the model gets (templates expanded)</h3>
          <pre className={styles.code} data-testid="tool-view-instructions" tabIndex={0} aria-label="Instructions with templates expanded">
            {tool.expandedInstructions}
          </pre>
        </>
      )}
    </div>
  );
}
