import type { Diagnostic } from '@/lib/worker/diagnostic';
import { suggestKey } from '@/lib/worker/schema-issue-diagnostics';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import type { PathSegment, SourceMap, SourceRange } from '@/lib/worker/yaml-source-map';
import { matchesWildcard } from '@/lib/text/glob-match';
import { canonicalModelGlob, canonicalModelId } from '@/lib/worker/llm-do-model-ids';

/**
 * Model names checked against the models the server offers (GET /api/models), as the run
 * resolves them (model-resolution.ts: llm-do's `google-gla:` reads as `google:`, globs match
 * lower-cased). Only ever a warning: the list is this server's today, and a key pasted in
 * Settings or a server setting can add models, so a name missing from it may still run.
 * A close name is suggested, with the replacement the editor offers as a quick fix.
 */

const IMPORTANT = 'the run fails unless this server offers it';

interface UnknownModelOptions {
  file: string;
  range: SourceRange;
  where: string;
  id: string;
  knownModels: readonly string[];
}

function unknownModel({ file, range, where, id, knownModels }: UnknownModelOptions): Diagnostic {
  const suggestion = suggestKey(canonicalModelId(id), knownModels);
  return {
    file,
    ...range,
    severity: 'warning',
    code: 'unknown-model',
    message: `${where} "${id}" is not in this server's model list${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; ${IMPORTANT} (pick one from the model menu of the Run panel, or add a provider key in Settings)`,
    ...(suggestion === undefined ? {} : { replacement: suggestion }),
  };
}

/** `model:` and each `compatible_models` glob of one worker. */
export function checkWorkerModels(worker: WorkerDefinition, sourceMap: SourceMap, knownModels: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const known = new Set(knownModels);
  if (worker.model !== undefined && !known.has(canonicalModelId(worker.model))) {
    diagnostics.push(unknownModel({ file: worker.path, range: sourceMap.locate(['model']), where: 'The model', id: worker.model, knownModels }));
  }
  (worker.compatible_models ?? []).forEach((glob, index) => {
    const pattern = canonicalModelGlob(glob);
    if (knownModels.some((id) => matchesWildcard(id.toLowerCase(), pattern))) return;
    const path: PathSegment[] = ['compatible_models', index];
    if (!glob.includes('*') && !glob.includes('?')) {
      diagnostics.push(unknownModel({ file: worker.path, range: sourceMap.locate(path), where: 'compatible_models names', id: glob, knownModels }));
      return;
    }
    diagnostics.push({
      file: worker.path,
      ...sourceMap.locate(path),
      severity: 'warning',
      code: 'unknown-model',
      message: `compatible_models "${glob}" matches no model in this server's list; ${IMPORTANT} (add a provider key in Settings, or widen the pattern)`,
    });
  });
  return diagnostics;
}

export interface CheckDefaultModelOptions {
  file: string;
  id: string;
  range: SourceRange;
  knownModels: readonly string[];
}

/** project.json's `default_model`. */
export function checkDefaultModel({ file, id, range, knownModels }: CheckDefaultModelOptions): Diagnostic[] {
  return knownModels.includes(canonicalModelId(id)) ? [] : [unknownModel({ file, range, where: 'default_model', id, knownModels })];
}
