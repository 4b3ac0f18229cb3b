import { z } from 'zod';
import { CONVERSATION_ID_PATTERN, type ConversationReference, type ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { checkModelMessages } from '@/lib/model/protocol/check-model-messages';

/**
 * Runtime validation of what the browser sends. The proxy never trusts the
 * body: a wrong shape is a 400 that names the field, not a provider error.
 * The messages (a whole conversation, or a step's new ones) are checked by
 * check-model-messages.ts in one linear pass rather than by the AI SDK's zod
 * union, which dominated the proxy's time per step.
 */
export const toolDefinitionSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, "_" or "-"'),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
});

const conversationIdSchema = z.string().regex(CONVERSATION_ID_PATTERN, 'must be 16-80 letters, digits, ".", "_" or "-"');

export const modelStepRequestSchema = z.object({
  model: z.string().min(1, 'must not be empty'),
  system: z.string().optional(),
  // Empty only when the step continues a kept conversation (a step sent again with nothing new): checked below.
  messages: z.array(z.unknown()),
  conversation: z.object({ id: conversationIdSchema, after: conversationIdSchema.optional() }).optional(),
  tools: z
    .array(toolDefinitionSchema)
    .default([])
    .superRefine((tools, context) => {
      const seen = new Set<string>();
      tools.forEach((tool, index) => {
        if (seen.has(tool.name)) context.addIssue({ code: 'custom', path: [index, 'name'], message: `duplicate tool name "${tool.name}"` });
        seen.add(tool.name);
      });
    }),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  apiKey: z.string().optional(),
});

/**
 * A step's request as sent. With `conversation.after`, its messages are only
 * those after the kept conversation it continues (kept-conversations.ts), and
 * the server puts the two together before anything else reads them.
 */
export type ParsedStepRequest = { ok: true; request: ModelStepRequest; conversation?: ConversationReference } | { ok: false; message: string };

export function parseStepRequest(body: unknown): ParsedStepRequest {
  const result = modelStepRequestSchema.safeParse(body);
  if (result.success) {
    const { conversation, ...fields } = result.data;
    if (fields.messages.length === 0 && conversation?.after === undefined) return { ok: false, message: 'Invalid request field "messages": must contain at least one message' };
    const messages = checkModelMessages(fields.messages);
    if (!messages.ok) return { ok: false, message: `Invalid request field "${messages.path}": ${messages.message}` };
    const request = { ...fields, messages: messages.messages } as ModelStepRequest;
    return conversation === undefined ? { ok: true, request } : { ok: true, request, conversation };
  }
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(body)';
  return { ok: false, message: `Invalid request field "${field}": ${issue?.message ?? 'invalid value'}` };
}
