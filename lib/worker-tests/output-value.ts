/**
 * A worker's output is text (markdown) or, with an output schema, a JSON value. Text
 * checks read it as text; JSON checks read it as JSON — a text output that is JSON (a
 * model that answered with JSON, perhaps inside a ```json fence) counts too.
 */

export function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (output === undefined) return '';
  return JSON.stringify(output, null, 2);
}

const FENCED_JSON = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/;

export function outputJson(output: unknown): { ok: true; value: unknown } | { ok: false; error: string } {
  if (typeof output !== 'string') return { ok: true, value: output };
  const text = FENCED_JSON.exec(output)?.[1] ?? output;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, error: `the output is not JSON (it starts "${output.trim().slice(0, 40)}")` };
  }
}

/** The value at "a.b.0.c" in a JSON value; "" is the value itself. Own properties only. */
export function valueAtField(value: unknown, field: string): { found: true; value: unknown } | { found: false; missing: string } {
  if (field === '') return { found: true, value };
  let current = value;
  const walked: string[] = [];
  for (const segment of field.split('.')) {
    walked.push(segment);
    if (Array.isArray(current) && /^\d+$/.test(segment) && Number(segment) < current.length) current = current[Number(segment)];
    else if (typeof current === 'object' && current !== null && !Array.isArray(current) && Object.hasOwn(current, segment)) current = (current as Record<string, unknown>)[segment];
    else return { found: false, missing: walked.join('.') };
  }
  return { found: true, value: current };
}

/** Deep equality of JSON values (object key order does not matter). */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    return Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((item, index) => jsonEqual(item, right[index]));
  }
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  const leftKeys = Object.keys(left);
  const rightRecord = right as Record<string, unknown>;
  return leftKeys.length === Object.keys(right).length && leftKeys.every((key) => Object.hasOwn(right, key) && jsonEqual((left as Record<string, unknown>)[key], rightRecord[key]));
}

/** A short, one-line rendering of a value for a check's message. */
export function briefValue(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
