import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { matchesWildcard } from '@/lib/text/glob-match';
import { RunError } from '@/lib/runtime/run-error';
import { canonicalModelGlob, canonicalModelId } from '@/lib/worker/llm-do-model-ids';

/**
 * Which model a worker call uses. One function for the entry worker and for
 * workers called as tools, so the same worker never gets a different model
 * depending on how it was started: the worker's own `model`, else the model the
 * run was started with, else the project's `default_model`; then checked
 * against the worker's `compatible_models` globs. llm-do's provider names
 * (`google-gla:`, `google-vertex:`) are read as Workerbench's `google:`.
 */
export interface ModelResolutionInput {
  worker: Pick<WorkerDefinition, 'name' | 'model' | 'compatible_models' | 'path'>;
  runModel?: string;
  projectDefaultModel?: string;
}

export function resolveWorkerModel({ worker, runModel, projectDefaultModel }: ModelResolutionInput): string {
  const chosen = worker.model ?? runModel ?? projectDefaultModel;
  if (chosen === undefined || chosen === '') {
    throw new RunError(
      'no_model',
      `No model for worker ${worker.name}: it sets no "model", the run was started without one and project.json has no "default_model".`,
      worker.path,
    );
  }
  const model = canonicalModelId(chosen);
  const globs = worker.compatible_models;
  if (globs !== undefined && !globs.some((glob) => matchesWildcard(model.toLowerCase(), canonicalModelGlob(glob)))) {
    const source = worker.model !== undefined ? "the worker's own model" : runModel !== undefined ? 'the run model' : "the project's default_model";
    throw new RunError(
      'incompatible_model',
      `Worker ${worker.name} cannot run on ${model} (${source}): its compatible_models are ${globs.map((glob) => JSON.stringify(glob)).join(', ') || '[] (none)'}.`,
      worker.path,
    );
  }
  return model;
}
