import type { FileSystem } from '@/lib/vfs/file-system';
import type { ApprovalRequest } from '@/lib/runtime/approval-handler';
import { WORKER_CREATE_TOOL_NAME, type DynamicWorkersOptions } from '@/lib/runtime/dynamic-workers/dynamic-workers-toolset';
import { previewWorkerCreate, type WorkerCreatePreview } from '@/lib/runtime/dynamic-workers/plan-worker-create';
import { asWorkerCreateArgs } from '@/lib/runtime/dynamic-workers/worker-create-args';

/**
 * For the approval dialog: when the pending call is a worker_create, the file
 * it would write (and whether it would be accepted), ready to show in an
 * editor. The dialog answers an edit with
 * `{ choice, editedArgs: withEditedFileText(request.args, editedText) }`.
 * Null for any other tool, or when the creating worker is no longer known.
 */
export async function previewWorkerCreateApproval(
  request: ApprovalRequest,
  options: DynamicWorkersOptions & { sandbox: FileSystem },
): Promise<WorkerCreatePreview | null> {
  if (request.toolName !== WORKER_CREATE_TOOL_NAME) return null;
  const creator = options.project.workers.get(request.workerName) ?? options.session.dynamicWorkers.get(request.workerName);
  if (creator === undefined) return null;
  return previewWorkerCreate(asWorkerCreateArgs(request.args), {
    manifest: options.project.manifest,
    projectWorkers: options.project.workers,
    sessionWorkers: options.session.dynamicWorkers,
    creator,
    sandbox: options.sandbox,
  });
}
