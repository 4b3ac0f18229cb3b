import Ajv, { type ValidateFunction } from 'ajv';

/**
 * Checks a value against a JSON Schema and says what is wrong in one sentence.
 * Used for tool arguments (a model's malformed call becomes a tool error it can
 * fix, before anyone is asked to approve it) and for structured worker output.
 * Compiled validators are cached per schema object.
 */
const ajv = new Ajv({ allErrors: false, strict: false });
const compiled = new WeakMap<object, ValidateFunction>();

/** null when the value conforms, otherwise a readable description of the first problem. */
export function checkAgainstSchema(schema: Record<string, unknown>, value: unknown, name = 'arguments'): string | null {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      return `the schema itself is invalid: ${error instanceof Error ? error.message : String(error)}`;
    }
    compiled.set(schema, validate);
  }
  if (validate(value)) return null;
  return ajv.errorsText(validate.errors, { dataVar: name });
}
