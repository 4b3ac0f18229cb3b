import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import type { ToolApproval, ToolContext } from '@/lib/runtime/toolsets/toolset';
import type { ApprovalField } from '@/lib/runtime/toolsets/tool-approval';
import type { RunnableProject } from '@/lib/runtime/run-context';
import type { RunSession } from '@/lib/runtime/run-session';
import { previewWorkerCreate, type WorkerCreatePreview } from '@/lib/runtime/dynamic-workers/plan-worker-create';
import { checkingSchemaReader } from '@/lib/runtime/dynamic-workers/schema-file-reader';
import { asWorkerCreateArgs, withEditedFileText } from '@/lib/runtime/dynamic-workers/worker-create-args';

/**
 * worker_create's question: the whole .worker file exactly as it would be
 * written, editable, with worker_create's own verdict on it (the same
 * planWorkerCreate that runs on approval), so a refusal shows before the
 * person approves rather than after. An edit flows back as `file_text`.
 * Each schema the file takes from another file is shown as read, resolved
 * (not just its path): that content is what the creator's model will get.
 */
const FILE_FIELD = 'file';

function schemaFields(preview: WorkerCreatePreview, context: ToolContext): ApprovalField[] {
  if (!preview.ok) return [];
  return (['input', 'output'] as const).flatMap((kind) => {
    const file = preview.schemaFiles[kind];
    const schema = preview.schemas[kind];
    if (file === undefined || schema === undefined) return [];
    // A read the creator's policy would ask about is asked separately, after this question.
    const asks = context.fileReadAccess(file).kind === 'ask' ? ' (reading it will be asked about)' : '';
    return [{ name: `${kind}_schema`, label: `${kind === 'input' ? 'Input' : 'Output'} schema, read from ${file}${asks}`, format: 'json' as const, value: JSON.stringify(schema, null, 2), editable: false }];
  });
}

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
  const preview = (args: unknown, context: ToolContext): Promise<WorkerCreatePreview> =>
    previewWorkerCreate(asWorkerCreateArgs(mapArgs(args)), {
      manifest: options.project.manifest,
      projectWorkers: options.project.workers,
      sessionWorkers: options.session.dynamicWorkers,
      creator,
      // Only the person sees the preview: a read that would ask is shown here and asked on approval.
      readSchemaFile: checkingSchemaReader(context),
    });
  return {
    async present(args, context) {
      const proposed = await preview(args, context);
      const where = proposed.path === undefined ? 'a new worker file' : proposed.path;
      const replacing = proposed.ok && proposed.replacing ? ' (replaces the one created earlier)' : '';
      return {
        title: `Create worker file ${where}${replacing}`,
        fields: [{ name: FILE_FIELD, label: 'Worker file', format: 'text', value: proposed.text, editable: true }, ...schemaFields(proposed, context)],
        ...(proposed.ok ? {} : { problem: `As proposed, this file would be refused: ${proposed.error}` }),
      };
    },
    async edit(args, values, context) {
      const text = values[FILE_FIELD];
      const edited = text === undefined ? asWorkerCreateArgs(args) : withEditedFileText(asWorkerCreateArgs(args), text);
      // (withEditedFileText spreads the tool's own arguments, so an llm-do call keeps its shape.)
      const checked = await preview(edited, context);
      if (!checked.ok) return { ok: false, error: `As edited, this file would be refused: ${checked.error}` };
      return { ok: true, args: edited, note: `Your edit passes worker_create's checks; it will be written to ${checked.path}.` };
    },
  };
}
