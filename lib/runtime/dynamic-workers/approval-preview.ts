import type { FileSystem } from '@/lib/vfs/file-system';
import type { ApprovalRequest } from '@/lib/runtime/approval-handler';
import type { DynamicWorkersOptions } from '@/lib/runtime/dynamic-workers/dynamic-workers-toolset';
import { workerCreateArgsOf } from '@/lib/runtime/dynamic-workers/llm-do-dynamic-tools';
import { previewWorkerCreate, type WorkerCreatePreview } from '@/lib/runtime/dynamic-workers/plan-worker-create';

/**
 * For the approval dialog: when the pending call is a worker_create (or llm-do's agent_create), the file
 * it would write (and whether it would be accepted), ready to show in an
 * editor. The dialog answers an edit with
 * `{ choice, editedArgs: withEditedFileText(request.args, editedText) }`.
 * Null for any other tool, or when the creating worker is no longer known.
 */
export async function previewWorkerCreateApproval(
  request: ApprovalRequest,
  options: DynamicWorkersOptions & { sandbox: FileSystem },
): Promise<WorkerCreatePreview | null> {
  const args = workerCreateArgsOf(request.toolName, request.args);
  if (args === undefined) return null;
  const creator = options.project.workers.get(request.workerName) ?? options.session.dynamicWorkers.get(request.workerName);
  if (creator === undefined) return null;
  return previewWorkerCreate(args, {
    manifest: options.project.manifest,
    projectWorkers: options.project.workers,
    sessionWorkers: options.session.dynamicWorkers,
    creator,
    sandbox: options.sandbox,
  });
}
