import { describeFormErrors, formValuesToInput } from '@/lib/state/forms/form-values-to-input';
import { selectInputSchema, withDefaults } from './run-selectors';
import type { RunState } from './run-state';

/** What the run form asks for, as a run's input: the text, or the form's value for a worker with an input schema. */
export function selectRunInput(state: RunState): { ok: true; input: unknown } | { ok: false; error: string } {
  const schema = selectInputSchema(state);
  if (schema === undefined) return { ok: true, input: state.inputText };
  const converted = formValuesToInput(schema, withDefaults(schema, state.formValues));
  return converted.ok ? { ok: true, input: converted.input } : { ok: false, error: describeFormErrors(converted.errors) };
}
