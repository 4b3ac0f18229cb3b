import type { UserModelMessage } from 'ai';
import { DEFAULT_MAX_DEPTH } from '@/lib/project/manifest-schema';
import { isAttachmentError, type Attachment } from '@/lib/runtime/attachments/attachment';
import { buildAttachmentParts, resolvePdfInputMode } from '@/lib/runtime/attachments/attachment-parts';
import { prepareAttachments } from '@/lib/runtime/attachments/prepare-attachments';
import { resolveWorkerModel } from '@/lib/runtime/model-resolution';
import type { RunContext } from '@/lib/runtime/run-context';
import { RunError } from '@/lib/runtime/run-error';
import type { JsonSchema } from '@/lib/json-schema/json-schema';
import { validateWorkerInput } from '@/lib/runtime/typed-io/validate-worker-input';
import type { WorkerCallRequest } from '@/lib/runtime/worker-call-request';
import { workerSchemasOrThrow } from '@/lib/runtime/worker-schemas-or-throw';

/**
 * Everything a worker call checks before its first model request, in one
 * place for entry runs and tool calls alike: depth limit, model and
 * compatible_models, schema references, input (against input_schema, or
 * non-empty text), attachment policy and reading, and the first user message.
 * Each refusal is a located RunError; nothing here emits events.
 */
export interface PreparedWorkerCall {
  model: string;
  /** The validated input (text, or the value matching the input schema). */
  input: unknown;
  outputSchema?: JsonSchema;
  attachments: Attachment[];
  firstMessage: UserModelMessage;
}

export async function prepareWorkerCall(context: RunContext, request: WorkerCallRequest, here: string): Promise<PreparedWorkerCall> {
  const { worker, depth } = request;
  const manifest = context.project.manifest;
  const maxDepth = manifest.runtime.max_depth ?? DEFAULT_MAX_DEPTH;
  if (depth > maxDepth) {
    throw new RunError(
      'max_depth',
      `Calling worker ${worker.name} would nest ${depth} calls deep, beyond the project's max_depth of ${maxDepth}.`,
      here,
    );
  }
  const model = resolveWorkerModel({ worker, runModel: context.runModel, projectDefaultModel: manifest.default_model });
  const schemas = await workerSchemasOrThrow(worker, context.sandbox);
  const validated = validateWorkerInput(worker, schemas.inputSchema, request.input);
  if (!validated.ok) throw new RunError('invalid_input', validated.error.message, here);

  const references = request.attachments ?? [];
  let attachments: Attachment[] = [];
  let parts: Awaited<ReturnType<typeof buildAttachmentParts>> = [];
  try {
    if (references.length > 0 || worker.attachment_policy !== undefined) {
      attachments = await (context.prepareAttachments ?? prepareAttachments)(worker, references, context.sandbox);
    }
    parts = await buildAttachmentParts(attachments, {
      pdfInput: resolvePdfInputMode(worker.pdf_input, context.modelSupportsPdf?.(model) ?? true),
      extractPdfText: context.extractPdfText,
    });
  } catch (error) {
    if (isAttachmentError(error)) throw new RunError('attachment_error', error.message, worker.path);
    throw error;
  }

  const text = typeof validated.value === 'string' ? validated.value : JSON.stringify(validated.value, null, 2) ?? '';
  const firstMessage: UserModelMessage =
    parts.length === 0
      ? { role: 'user', content: text }
      : { role: 'user', content: [...(text === '' ? [] : [{ type: 'text' as const, text }]), ...parts] };
  return {
    model,
    input: validated.value,
    ...(schemas.outputSchema === undefined ? {} : { outputSchema: schemas.outputSchema }),
    attachments,
    firstMessage,
  };
}
