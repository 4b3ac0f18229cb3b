import { z } from 'zod';
import { READ_RUN_RECORD_VERSIONS, RUN_RECORD_FORMAT } from './run-record';

/**
 * The JSON of a run record file or link, version 1, checked before anything
 * reads it: every event type with its fields (the run tree's reducer and the
 * replay trust them), every step record, the files as text or base64. Strings
 * that name things (ids, workers, tools) are short; the whole payload is
 * bounded before it is parsed (run-record-limits.ts).
 */
const name = z.string().max(200);
const text = z.string();
const count = z.number().int().nonnegative();
const json = z.unknown();

const usage = z.strictObject({ inputTokens: count, outputTokens: count, cachedInputTokens: count.optional() });
const errorInfo = z.strictObject({ code: name, message: text, location: text.optional() });
const attachment = z.strictObject({ path: text, name: text, mimeType: name, size: count });
const approvalChoice = z.enum(['approve_once', 'approve_session', 'deny']);

const base = {
  runId: name,
  callId: name,
  parentCallId: name.nullable(),
  workerName: name,
  depth: count,
  timestamp: z.number().finite(),
};

const event = <Shape extends z.ZodRawShape>(type: string, shape: Shape) => z.strictObject({ ...base, type: z.literal(type), ...shape });

export const runEventSchema = z.discriminatedUnion('type', [
  event('run-start', { input: text, model: name, resumedFrom: name.optional(), replayOf: name.optional(), forkOf: name.optional(), projectCommit: name.optional() }),
  event('worker-start', { model: name, input: json, attachments: z.array(attachment), parentToolCallId: name.optional(), instructions: text.optional() }),
  event('text-delta', { text }),
  event('tool-call', { toolCallId: name, toolName: name, args: json }),
  event('approval-request', { approvalId: name, toolCallId: name, toolName: name, args: json }),
  event('approval-decision', {
    approvalId: name,
    toolCallId: name,
    toolName: name,
    choice: approvalChoice,
    reason: text.optional(),
    automatic: z.boolean(),
    editedArgs: json.optional(),
  }),
  event('tool-result', { toolCallId: name, toolName: name, result: json }),
  event('tool-error', { toolCallId: name, toolName: name, error: errorInfo }),
  event('step-finish', { step: count, usage, fromRecord: z.boolean().optional() }),
  z.strictObject({
    ...base,
    type: z.literal('model-wait'),
    step: count,
    reason: z.enum(['queued', 'retry']),
    limit: z.literal('connections').optional(),
    attempt: count.optional(),
    maxRetries: count.optional(),
    delayMs: z.number().nonnegative().optional(),
    error: z.strictObject({ code: name, message: text, status: count.optional() }).optional(),
  }),
  event('model-wait-end', { step: count }),
  event('worker-end', { status: z.enum(['completed', 'failed', 'aborted']), output: json, usage, durationMs: z.number().nonnegative(), error: errorInfo.optional() }),
  event('run-end', { output: json, durationMs: z.number().nonnegative() }),
  event('run-error', { error: errorInfo, durationMs: z.number().nonnegative() }),
]);

const message = z.looseObject({ role: z.enum(['system', 'user', 'assistant', 'tool']), content: z.union([text, z.array(z.looseObject({ type: name }))]) });

export const stepRecordSchema = z.strictObject({
  runId: name,
  callId: name,
  workerName: name,
  depth: count,
  step: z.number().int().positive(),
  request: z.strictObject({
    model: name,
    system: text.optional(),
    messages: z.array(message),
    tools: z.array(z.strictObject({ name, description: text, inputSchema: z.record(z.string(), json) })),
    outputSchema: z.record(z.string(), json).optional(),
  }),
  response: z.strictObject({
    text,
    toolCalls: z.array(z.strictObject({ toolCallId: name, toolName: name, args: json })),
    usage,
    finishReason: z.enum(['stop', 'tool-calls', 'length', 'content-filter', 'error', 'other']).optional(),
  }),
  timestamp: z.number().finite(),
});

/** A step as a record keeps it: whole, or (version 2) after the messages it shares with the step before it. */
const storedStepSchema = stepRecordSchema.extend({
  sharedMessages: z.number().int().positive().optional(),
  sharedTools: z.literal(true).optional(),
  sharedSystem: z.literal(true).optional(),
});

const recordFile = z.union([z.strictObject({ path: text, text }), z.strictObject({ path: text, base64: z.string() })]);

export const runRecordPayloadSchema = z.strictObject({
  format: z.literal(RUN_RECORD_FORMAT),
  version: z.literal(READ_RUN_RECORD_VERSIONS),
  recordedWith: text.max(200),
  runId: name,
  projectName: text,
  projectAtStart: z.strictObject({
    source: z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('history'), commit: name }), z.strictObject({ kind: z.literal('snapshot') })]),
    files: z.array(recordFile),
    missingFiles: z.array(text).optional(),
  }),
  events: z.array(runEventSchema),
  steps: z.array(storedStepSchema),
});

export type RunRecordPayload = z.infer<typeof runRecordPayloadSchema>;
