import type { ModelStepClient } from '@/lib/model/step-protocol';
import { createProxyModelClient } from '@/lib/model/proxy-client';
import { discoverProject } from '@/lib/project/discover-project';
import type { LoadedProject } from '@/lib/project/analyze-project';
import type { ApprovalRequest, ApprovalResponse } from '@/lib/runtime/approval-handler';
import type { FileSystem } from '@/lib/vfs/file-system';
import { createProjectSandbox, type ProjectSandbox } from '@/lib/vfs/sandbox';
import { projectRoot } from './project-paths';
import { requestAccessToken } from './access-token-prompt';
import { userAccessToken, userApiKey } from './settings-store';
import { useWorkspaceStore } from './workspace-store';

/**
 * The browser's platform services for the runtime (which knows no browser):
 * the project sandbox over the workspace filesystem, the proxy model client
 * with the user's own keys, pdf.js text extraction, and the bridge between the
 * runtime's approval questions and the approval dialog.
 */

export function projectSandbox(fileSystem: FileSystem, project: string): ProjectSandbox {
  return createProjectSandbox(fileSystem, projectRoot(project));
}

/** Reads the project as the runtime will see it: from storage, not from the editor. */
export function loadProjectForRun(fileSystem: FileSystem, project: string): Promise<LoadedProject> {
  return discoverProject(projectSandbox(fileSystem, project));
}

let modelClient: ModelStepClient | undefined;

/** One client for the page; the user's key is looked up per request, so a key saved in Settings applies at once. */
export function browserModelClient(): ModelStepClient {
  modelClient ??= createProxyModelClient({ getApiKey: userApiKey, getAccessToken: userAccessToken, requestAccessToken });
  return modelClient;
}

/** A question the runtime is waiting on, as the dialog shows it. */
export interface PendingApproval extends ApprovalRequest {
  /** Order of arrival, so the dialog shows the oldest question first. */
  sequence: number;
}

export interface ApprovalBridge {
  /** The runtime's ApprovalHandler: the request already carries what the tool shows. */
  handler: (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalResponse>;
  /** Answers one waiting question; unknown ids (already answered, run stopped) are ignored. */
  answer(approvalId: string, response: ApprovalResponse): void;
  /** Forgets every question (the run was stopped); the runtime has stopped waiting already. */
  clear(): void;
}

/**
 * Turns the runtime's `approvalHandler(request, signal)` calls into a list the
 * UI renders. Several questions can wait at once (tool calls of one step run
 * concurrently); a stopped run removes its questions at once.
 */
export function createApprovalBridge(onChange: (pending: PendingApproval[]) => void): ApprovalBridge {
  const waiting = new Map<string, { request: PendingApproval; resolve: (response: ApprovalResponse) => void; reject: (error: Error) => void }>();
  let sequence = 0;
  const publish = () => onChange([...waiting.values()].map((entry) => entry.request).sort((left, right) => left.sequence - right.sequence));

  const handler: ApprovalBridge['handler'] = (request, signal) =>
    new Promise<ApprovalResponse>((resolve, reject) => {
      if (signal.aborted) {
        reject(new Error('The run was stopped.'));
        return;
      }
      sequence += 1;
      const onAbort = () => {
        if (!waiting.delete(request.approvalId)) return;
        publish();
        reject(new Error('The run was stopped.'));
      };
      waiting.set(request.approvalId, {
        request: { ...request, sequence },
        resolve: (response) => {
          signal.removeEventListener('abort', onAbort);
          resolve(response);
        },
        reject,
      });
      signal.addEventListener('abort', onAbort, { once: true });
      publish();
    });

  return {
    handler,
    answer(approvalId, response) {
      const entry = waiting.get(approvalId);
      if (entry === undefined) return;
      waiting.delete(approvalId);
      publish();
      entry.resolve(response);
    },
    clear() {
      const entries = [...waiting.values()];
      waiting.clear();
      publish();
      for (const entry of entries) entry.reject(new Error('The run was stopped.'));
    },
  };
}

/**
 * Shows what tools wrote: the workspace's own reload (new files in the tree,
 * changed files re-read unless they hold unsaved typing), for the project the
 * run belongs to only — the user may have switched projects meanwhile.
 */
export async function syncWorkspaceFromStorage(project: string, changedPaths: readonly string[] = []): Promise<void> {
  const workspace = useWorkspaceStore.getState();
  if (workspace.currentProject !== project) return;
  await workspace.reloadFromStorage(changedPaths);
}
