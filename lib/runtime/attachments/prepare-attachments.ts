import type { FileSystem } from '@/lib/vfs/file-system';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { RunError } from '@/lib/runtime/run-error';
import { isAttachmentError, type Attachment } from './attachment';
import { enforceAttachmentPolicy } from './enforce-attachment-policy';
import { readAttachments, statAttachments, type AttachmentInput } from './load-attachments';

/**
 * The attachment step of every worker run (entry, named tool, call_worker,
 * dynamic): check the paths, apply the child's policy on sizes alone, and only
 * then read the bytes. Matches RunContext.prepareAttachments (AttachmentPreparer)
 * and reports failures as RunError "attachment_error" located at the worker file,
 * with the AttachmentError's sentence for the calling model.
 */
export async function prepareAttachments(
  worker: WorkerDefinition,
  inputs: readonly AttachmentInput[],
  sandbox: Pick<FileSystem, 'stat' | 'readFile'>,
): Promise<Attachment[]> {
  try {
    // The load limits stay at their defaults: no caller ever set them here.
    const candidates = await statAttachments(sandbox, inputs);
    const assigned = enforceAttachmentPolicy(worker, candidates);
    return await readAttachments(sandbox, assigned);
  } catch (error) {
    if (isAttachmentError(error)) {
      const message = error.workerName === undefined ? `${error.message} (worker "${worker.name}")` : error.message;
      // The AttachmentError (code, path, violations) stays reachable as the cause.
      throw Object.assign(new RunError('attachment_error', message, worker.path), { cause: error });
    }
    throw error;
  }
}
