import type { FileSystem } from '@/lib/vfs/file-system';
import { mimeTypeForPath } from '@/lib/vfs/mime-type';
import { baseName } from '@/lib/vfs/path';
import { normalizeSandboxPath } from '@/lib/vfs/sandbox-path';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import type { Attachment } from '@/lib/runtime/attachments/attachment';
import { RunError } from '@/lib/runtime/run-error';

/**
 * Reads the files passed to a worker from the caller's sandbox before the
 * worker runs. Injectable (RunContext.prepareAttachments) so the attachment
 * policy (max_attachments, suffixes, slots …) can be enforced in one place;
 * this default only reads, refusing missing files with a located error.
 */
export type AttachmentPreparer = (
  worker: WorkerDefinition,
  paths: readonly string[],
  sandbox: FileSystem,
) => Promise<Attachment[]>;

export const readAttachments: AttachmentPreparer = async (worker, paths, sandbox) =>
  Promise.all(
    paths.map(async (path) => {
      let canonical: string;
      let bytes: Uint8Array;
      try {
        canonical = normalizeSandboxPath(path);
        bytes = await sandbox.readFile(canonical);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new RunError('attachment_error', `Cannot attach ${path} to worker ${worker.name}: ${reason}`, worker.path);
      }
      return { path: canonical, name: baseName(canonical), mimeType: mimeTypeForPath(canonical), bytes, size: bytes.length };
    }),
  );
