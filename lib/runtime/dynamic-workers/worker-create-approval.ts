import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import type { ToolApproval } from '@/lib/runtime/toolsets/toolset';
import type { FileSystem } from '@/lib/vfs/file-system';
import type { RunnableProject } from '@/lib/runtime/run-context';
import type { RunSession } from '@/lib/runtime/session-state';
import { previewWorkerCreate, type WorkerCreatePreview } from '@/lib/runtime/dynamic-workers/plan-worker-create';
import { asWorkerCreateArgs, withEditedFileText } from '@/lib/runtime/dynamic-workers/worker-create-args';

/**
 * worker_create's question: the whole .worker file exactly as it would be
 * written, editable, with worker_create's own verdict on it (the same
 * planWorkerCreate that runs on approval), so a refusal shows before the
 * person approves rather than after. An edit flows back as `file_text`.
 */
const FILE_FIELD = 'file';

/**
 * `mapArgs`: the tool's arguments as worker_create's (llm-do's agent_create and
 * legacy worker_create map theirs, llm-do-dynamic-tools.ts); an edit adds
 * `file_text` to the tool's own arguments, which the mapping keeps.
 */
export function workerCreateApproval(
  creator: WorkerDefinition,
  options: { project: RunnableProject; session: RunSession },
  mapArgs: (args: unknown) => unknown = (args) => args,
): ToolApproval {
  const preview = (args: unknown, sandbox: FileSystem): Promise<WorkerCreatePreview> =>
    previewWorkerCreate(asWorkerCreateArgs(mapArgs(args)), {
      manifest: options.project.manifest,
      projectWorkers: options.project.workers,
      sessionWorkers: options.session.dynamicWorkers,
      creator,
      sandbox,
    });
  return {
    async present(args, context) {
      const proposed = await preview(args, context.sandbox);
      const where = proposed.path === undefined ? 'a new worker file' : proposed.path;
      const replacing = proposed.ok && proposed.replacing ? ' (replaces the one created earlier)' : '';
      return {
        title: `Create worker file ${where}${replacing}`,
        fields: [{ name: FILE_FIELD, label: 'Worker file', format: 'text', value: proposed.text, editable: true }],
        ...(proposed.ok ? {} : { problem: `As proposed, this file would be refused: ${proposed.error}` }),
      };
    },
    async edit(args, values, context) {
      const text = values[FILE_FIELD];
      const edited = text === undefined ? asWorkerCreateArgs(args) : withEditedFileText(asWorkerCreateArgs(args), text);
      // (withEditedFileText spreads the tool's own arguments, so an llm-do call keeps its shape.)
      const checked = await preview(edited, context.sandbox);
      if (!checked.ok) return { ok: false, error: `As edited, this file would be refused: ${checked.error}` };
      return { ok: true, args: edited, note: `Your edit passes worker_create's checks; it will be written to ${checked.path}.` };
    },
  };
}
