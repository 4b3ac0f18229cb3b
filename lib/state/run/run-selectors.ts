import { DEMO_MODEL_ID } from '@/lib/model/protocol/model-catalog';
import { deriveFormFields, type FormField, type FormValue } from '@/lib/state/forms/schema-form-fields';
import type { JsonSchema } from '@/lib/json-schema/json-schema';
import type { RunState } from './run-state';
import { chooseInputPlaceholder } from './input-placeholder';

/** Derived values of the run form: which model, worker and input a run would use now. */

/**
 * Why the model a run would use is missing from the picker's list. An empty
 * list has not arrived yet (the server always offers the demo), so the model is
 * not "not offered" until the list says so.
 */
export function selectUnlistedModelReason(state: Pick<RunState, 'models' | 'modelsError'>): string {
  if (state.models.length > 0) return 'not offered by this server';
  return state.modelsError === null ? 'loading the model list…' : 'model list unavailable';
}

/** The model a run uses when the user has not picked one. */
export function selectEffectiveModel(state: RunState): string {
  const known = (id: string | undefined | null) => (id && state.models.some((option) => option.id === id) ? id : null);
  return (
    known(state.chosenModel) ??
    known(state.projectInfo?.defaultModel) ??
    known(state.serverDefaultModel) ??
    state.chosenModel ??
    state.projectInfo?.defaultModel ??
    state.serverDefaultModel ??
    DEMO_MODEL_ID
  );
}

export function selectEffectiveWorker(state: RunState): string | null {
  const info = state.projectInfo;
  if (info === null) return state.chosenWorker;
  if (state.chosenWorker !== null && info.workers.some((worker) => worker.name === state.chosenWorker)) return state.chosenWorker;
  return info.entry;
}

export function selectInputSchema(state: RunState): JsonSchema | undefined {
  const name = selectEffectiveWorker(state);
  return state.projectInfo?.workers.find((worker) => worker.name === name)?.inputSchema;
}

/** What a form control shows before the user touches it: the schema's default, as the control's value. */
export function formDefaultValue(field: FormField): FormValue {
  const value = field.default;
  if (value === undefined) return undefined;
  if (field.kind === 'boolean') return value === true;
  if (field.kind === 'string-list' && Array.isArray(value)) return value.map(String);
  if (field.kind === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}

/** The form's values with schema defaults for the fields the user left alone. */
export function withDefaults(schema: JsonSchema, values: ReadonlyMap<string, FormValue>): ReadonlyMap<string, FormValue> {
  const merged = new Map(values);
  for (const field of deriveFormFields(schema)) {
    if (merged.get(field.name) === undefined) merged.set(field.name, formDefaultValue(field));
  }
  return merged;
}

/** The model the chosen worker's frontmatter sets, which a run uses whatever the form's model (lib/runtime/model-resolution.ts). */
export function selectWorkerOwnModel(state: RunState): string | undefined {
  const name = selectEffectiveWorker(state);
  return state.projectInfo?.workers.find((worker) => worker.name === name)?.model;
}

/** What the empty input field suggests, from the chosen worker itself (input-placeholder.ts). */
export function selectInputPlaceholder(state: RunState): string {
  const name = selectEffectiveWorker(state);
  const info = state.projectInfo;
  if (info === null || name === null) return 'The input for the worker';
  const worker = info.workers.find((candidate) => candidate.name === name);
  return chooseInputPlaceholder({
    name,
    ...(worker?.description === undefined ? {} : { description: worker.description }),
    ...(worker?.inputSchema === undefined ? {} : { inputSchema: worker.inputSchema }),
    ...(name === info.entry && info.entryInput !== undefined ? { entryInput: info.entryInput } : {}),
  });
}
