import type { ModelMessage } from 'ai';

/**
 * The AI SDK's ModelMessage[] schema (ai's `modelMessageSchema`: system,
 * user, assistant and tool messages with their parts), checked by hand for a
 * request body that came through JSON.parse. It accepts and refuses what the
 * SDK's zod schema does for such input — a test holds the two side by side —
 * and returns a copy without unknown keys, as zod's parse does. Why not zod:
 * a step may send a whole conversation, and the zod union tries each
 * message and part schema in turn, building an issue for every miss; this is
 * one pass, linear in the body, with no allocation beyond the copy.
 *
 * Values from JSON are never undefined, functions or class instances, so the
 * SDK's JSON-value and data-content checks reduce to "is a string" / "is JSON".
 */
export type MessagesCheck = { ok: true; messages: ModelMessage[] } | { ok: false; path: string; message: string };

type Json = unknown;
type Record_ = Record<string, Json>;

class Refusal {
  constructor(
    readonly path: string,
    readonly message: string,
  ) {}
}

function isRecord(value: Json): value is Record_ {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A field's path: its parent's path and its key, joined only when a refusal
 * names it (every message re-sent each step would otherwise build a string
 * per field it has).
 */
function at(path: string, key: string | undefined): string {
  return key === undefined ? path : `${path}.${key}`;
}

function expectRecord(value: Json, path: string, key?: string): Record_ {
  if (!isRecord(value)) throw new Refusal(at(path, key), 'expected object');
  return value;
}

function expectString(value: Json, path: string, key?: string): string {
  if (typeof value !== 'string') throw new Refusal(at(path, key), 'expected string');
  return value;
}

function optionalString(value: Json, path: string, key?: string): string | undefined {
  return value === undefined ? undefined : expectString(value, path, key);
}

/** providerOptions: a record of records (of JSON values). */
function providerOptions(value: Json, path: string, key?: string): Record_ | undefined {
  if (value === undefined) return undefined;
  const outer = expectRecord(value, path, key);
  for (const name of Object.keys(outer)) expectRecord(outer[name], at(path, key), name);
  return outer;
}

/** The listed keys that are present, and no others (zod drops unknown keys as it parses). */
function pick(_part: Record_, entries: Record<string, Json>): Record_ {
  const copy: Record_ = {};
  for (const key of Object.keys(entries)) if (entries[key] !== undefined) copy[key] = entries[key];
  return copy;
}

/** A key the SDK's schema requires whatever its value (z.unknown()). */
function requiredValue(part: Record_, key: string, path: string): Json {
  if (!(key in part)) throw new Refusal(`${path}.${key}`, 'expected a value');
  return part[key];
}

function literalType(part: Record_, path: string, allowed: readonly string[]): string {
  const type = part.type;
  if (typeof type !== 'string' || !allowed.includes(type)) throw new Refusal(`${path}.type`, `expected one of ${allowed.map((name) => `"${name}"`).join(', ')}`);
  return type;
}

function textPart(part: Record_, path: string): Record_ {
  return pick(part, { type: 'text', text: expectString(part.text, path, 'text'), providerOptions: providerOptions(part.providerOptions, path, 'providerOptions') });
}

function imagePart(part: Record_, path: string): Record_ {
  return pick(part, {
    type: 'image',
    image: expectString(part.image, path, 'image'),
    mediaType: optionalString(part.mediaType, path, 'mediaType'),
    providerOptions: providerOptions(part.providerOptions, path, 'providerOptions'),
  });
}

function filePart(part: Record_, path: string): Record_ {
  return pick(part, {
    type: 'file',
    data: expectString(part.data, path, 'data'),
    filename: optionalString(part.filename, path, 'filename'),
    mediaType: expectString(part.mediaType, path, 'mediaType'),
    providerOptions: providerOptions(part.providerOptions, path, 'providerOptions'),
  });
}

function reasoningPart(part: Record_, path: string): Record_ {
  return pick(part, { type: 'reasoning', text: expectString(part.text, path, 'text'), providerOptions: providerOptions(part.providerOptions, path, 'providerOptions') });
}

function toolCallPart(part: Record_, path: string): Record_ {
  if (part.providerExecuted !== undefined && typeof part.providerExecuted !== 'boolean') throw new Refusal(`${path}.providerExecuted`, 'expected boolean');
  return pick(part, {
    type: 'tool-call',
    toolCallId: expectString(part.toolCallId, path, 'toolCallId'),
    toolName: expectString(part.toolName, path, 'toolName'),
    input: requiredValue(part, 'input', path),
    providerOptions: providerOptions(part.providerOptions, path, 'providerOptions'),
    providerExecuted: part.providerExecuted,
  });
}

function fileId(value: Json, path: string, key: string): Json {
  if (typeof value === 'string') return value;
  const record = expectRecord(value, path, key);
  for (const name of Object.keys(record)) expectString(record[name], at(path, key), name);
  return record;
}

function contentOutputPart(item: Json, path: string): Record_ {
  const part = expectRecord(item, path);
  const type = literalType(part, path, ['text', 'media', 'file-data', 'file-url', 'file-id', 'image-data', 'image-url', 'image-file-id', 'custom']);
  switch (type) {
    case 'text':
      return pick(part, { type, text: expectString(part.text, path, 'text'), providerOptions: providerOptions(part.providerOptions, path, 'providerOptions') });
    case 'media':
      return pick(part, { type, data: expectString(part.data, path, 'data'), mediaType: expectString(part.mediaType, path, 'mediaType') });
    case 'file-data':
      return pick(part, {
        type,
        data: expectString(part.data, path, 'data'),
        mediaType: expectString(part.mediaType, path, 'mediaType'),
        filename: optionalString(part.filename, path, 'filename'),
        providerOptions: providerOptions(part.providerOptions, path, 'providerOptions'),
      });
    case 'file-url':
      return pick(part, { type, url: expectString(part.url, path, 'url'), mediaType: optionalString(part.mediaType, path, 'mediaType'), providerOptions: providerOptions(part.providerOptions, path, 'providerOptions') });
    case 'image-data':
      return pick(part, { type, data: expectString(part.data, path, 'data'), mediaType: expectString(part.mediaType, path, 'mediaType'), providerOptions: providerOptions(part.providerOptions, path, 'providerOptions') });
    case 'image-url':
      return pick(part, { type, url: expectString(part.url, path, 'url'), providerOptions: providerOptions(part.providerOptions, path, 'providerOptions') });
    case 'file-id':
    case 'image-file-id':
      return pick(part, { type, fileId: fileId(part.fileId, path, 'fileId'), providerOptions: providerOptions(part.providerOptions, path, 'providerOptions') });
    default:
      return pick(part, { type, providerOptions: providerOptions(part.providerOptions, path, 'providerOptions') });
  }
}

function toolOutput(value: Json, path: string): Record_ {
  const output = expectRecord(value, path);
  const type = literalType(output, path, ['text', 'json', 'execution-denied', 'error-text', 'error-json', 'content']);
  const options = providerOptions(output.providerOptions, path, 'providerOptions');
  switch (type) {
    case 'text':
    case 'error-text':
      return pick(output, { type, value: expectString(output.value, path, 'value'), providerOptions: options });
    case 'json':
    case 'error-json':
      // Any value JSON.parse produced is a JSON value; absent is not.
      if (!('value' in output)) throw new Refusal(`${path}.value`, 'expected a JSON value');
      return { type, value: output.value, ...(options === undefined ? {} : { providerOptions: options }) };
    case 'execution-denied':
      return pick(output, { type, reason: optionalString(output.reason, path, 'reason'), providerOptions: options });
    default: {
      if (!Array.isArray(output.value)) throw new Refusal(`${path}.value`, 'expected array');
      return { type, value: output.value.map((item, index) => contentOutputPart(item, `${path}.value.${index}`)), ...(options === undefined ? {} : { providerOptions: options }) };
    }
  }
}

function toolResultPart(part: Record_, path: string): Record_ {
  return pick(part, {
    type: 'tool-result',
    toolCallId: expectString(part.toolCallId, path, 'toolCallId'),
    toolName: expectString(part.toolName, path, 'toolName'),
    output: toolOutput(part.output, `${path}.output`),
    providerOptions: providerOptions(part.providerOptions, path, 'providerOptions'),
  });
}

function toolApprovalRequest(part: Record_, path: string): Record_ {
  return pick(part, {
    type: 'tool-approval-request',
    approvalId: expectString(part.approvalId, path, 'approvalId'),
    toolCallId: expectString(part.toolCallId, path, 'toolCallId'),
    signature: optionalString(part.signature, path, 'signature'),
    inputSchemaInput: part.inputSchemaInput,
  });
}

function toolApprovalResponse(part: Record_, path: string): Record_ {
  if (typeof part.approved !== 'boolean') throw new Refusal(`${path}.approved`, 'expected boolean');
  return pick(part, {
    type: 'tool-approval-response',
    approvalId: expectString(part.approvalId, path, 'approvalId'),
    approved: part.approved,
    reason: optionalString(part.reason, path, 'reason'),
  });
}

const PARTS_BY_ROLE = {
  user: { text: textPart, image: imagePart, file: filePart },
  assistant: { text: textPart, file: filePart, reasoning: reasoningPart, 'tool-call': toolCallPart, 'tool-result': toolResultPart, 'tool-approval-request': toolApprovalRequest },
  tool: { 'tool-result': toolResultPart, 'tool-approval-response': toolApprovalResponse },
} as const satisfies Record<string, Record<string, (part: Record_, path: string) => Record_>>;

function parts(role: keyof typeof PARTS_BY_ROLE, content: Json, path: string): Record_[] {
  if (!Array.isArray(content)) throw new Refusal(path, 'expected array');
  const checkers: Record<string, (part: Record_, path: string) => Record_> = PARTS_BY_ROLE[role];
  return content.map((item, index) => {
    const where = `${path}.${index}`;
    const part = expectRecord(item, where);
    const type = literalType(part, where, Object.keys(checkers));
    return checkers[type]!(part, where);
  });
}

function message(value: Json, path: string): Record_ {
  const entry = expectRecord(value, path);
  const role = entry.role;
  const options = providerOptions(entry.providerOptions, path, 'providerOptions');
  let checked: Record_;
  switch (role) {
    case 'system':
      checked = { role, content: expectString(entry.content, path, 'content') };
      break;
    case 'user':
    case 'assistant':
      checked = { role, content: typeof entry.content === 'string' ? entry.content : parts(role, entry.content, `${path}.content`) };
      break;
    case 'tool':
      checked = { role, content: parts(role, entry.content, `${path}.content`) };
      break;
    default:
      throw new Refusal(`${path}.role`, 'expected one of "system", "user", "assistant", "tool"');
  }
  return options === undefined ? checked : { ...checked, providerOptions: options };
}

export function checkModelMessages(value: Json, path = 'messages'): MessagesCheck {
  try {
    if (!Array.isArray(value)) throw new Refusal(path, 'expected array');
    return { ok: true, messages: value.map((entry, index) => message(entry, `${path}.${index}`)) as unknown as ModelMessage[] };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, path: error.path, message: error.message };
    throw error;
  }
}
