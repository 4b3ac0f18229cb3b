import 'server-only';
import type {
  LanguageModelV3DataContent,
  LanguageModelV3FilePart,
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3TextPart,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';
import type { FilePart, ImagePart, ModelMessage, TextPart, ToolResultPart } from 'ai';
import type { ToolDefinition } from '@/lib/model/protocol/step-protocol';

/**
 * A step request's conversation in the form a provider's model takes it
 * (LanguageModelV3's prompt), for calling the model directly: streamText
 * would do the same conversion, but wraps one step in a dozen streams and
 * re-validates the conversation, several milliseconds a step that a proxy
 * in the loop's path cannot afford (issue #16). The messages were checked
 * against the ModelMessage schema already (check-model-messages.ts).
 *
 * What it does, as the SDK's own conversion does: a string content becomes one
 * text part; empty text parts are dropped; `image` parts become `file` parts
 * with the image's media type (read from its bytes when they say); a data: URL
 * becomes its base64 and media type; consecutive tool messages merge into
 * one. What it refuses: a part that names a remote URL (the server never
 * fetches one; the proxy refuses such requests before this) and tool calls
 * left without results.
 */
export class PromptConversionError extends Error {
  override readonly name = 'PromptConversionError';
}

export function toLanguageModelPrompt(system: string | undefined, messages: readonly ModelMessage[]): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Message[] = system === undefined || system === '' ? [] : [{ role: 'system', content: system }];
  for (const message of messages) {
    const converted = convertMessage(message);
    const previous = prompt.at(-1);
    if (converted.role === 'tool' && previous?.role === 'tool') previous.content.push(...converted.content);
    else prompt.push(converted);
  }
  assertToolCallsAnswered(prompt);
  return prompt.filter((message) => message.role !== 'tool' || message.content.length > 0);
}

/** The step's tools as function tools: described by their JSON schema only (the browser loop runs them). */
export function toFunctionTools(definitions: readonly ToolDefinition[]): LanguageModelV3FunctionTool[] {
  return definitions.map((definition) => ({
    type: 'function',
    name: definition.name,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    inputSchema: definition.inputSchema as LanguageModelV3FunctionTool['inputSchema'],
  }));
}

function withOptions<T extends object>(part: T, providerOptions: unknown): T {
  return providerOptions === undefined ? part : { ...part, providerOptions: providerOptions as never };
}

function convertMessage(message: ModelMessage): LanguageModelV3Message {
  switch (message.role) {
    case 'system':
      return withOptions({ role: 'system', content: message.content }, message.providerOptions);
    case 'user': {
      const content =
        typeof message.content === 'string'
          ? [{ type: 'text' as const, text: message.content }]
          : message.content.map(convertUserPart).filter((part) => part.type !== 'text' || part.text !== '');
      return withOptions({ role: 'user', content }, message.providerOptions);
    }
    case 'assistant': {
      if (typeof message.content === 'string') return withOptions({ role: 'assistant', content: [{ type: 'text', text: message.content }] }, message.providerOptions);
      const content: Extract<LanguageModelV3Message, { role: 'assistant' }>['content'] = [];
      for (const part of message.content) {
        switch (part.type) {
          case 'text':
            // An empty text part says nothing, unless it carries provider options.
            if (part.text !== '' || part.providerOptions !== undefined) content.push(withOptions({ type: 'text', text: part.text }, part.providerOptions));
            break;
          case 'reasoning':
            content.push(withOptions({ type: 'reasoning', text: part.text }, part.providerOptions));
            break;
          case 'file':
            content.push(convertFilePart(part));
            break;
          case 'tool-call':
            content.push(
              withOptions(
                { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, ...(part.providerExecuted === undefined ? {} : { providerExecuted: part.providerExecuted }) },
                part.providerOptions,
              ),
            );
            break;
          case 'tool-result':
            content.push(convertToolResult(part));
            break;
          default:
            // Approval requests of provider-run tools are not part of what is sent.
            break;
        }
      }
      return withOptions({ role: 'assistant', content }, message.providerOptions);
    }
    case 'tool': {
      const content: Extract<LanguageModelV3Message, { role: 'tool' }>['content'] = [];
      for (const part of message.content) {
        if (part.type === 'tool-result') content.push(convertToolResult(part));
        else if (part.providerExecuted === true) content.push({ type: 'tool-approval-response', approvalId: part.approvalId, approved: part.approved, ...(part.reason === undefined ? {} : { reason: part.reason }) });
      }
      return withOptions({ role: 'tool', content }, message.providerOptions);
    }
  }
}

function convertUserPart(part: TextPart | ImagePart | FilePart): LanguageModelV3TextPart | LanguageModelV3FilePart {
  if (part.type === 'text') return withOptions({ type: 'text', text: part.text }, part.providerOptions);
  if (part.type === 'file') return convertFilePart(part);
  const { data, mediaType } = dataContent(part.image);
  return withOptions({ type: 'file', data, mediaType: mediaType ?? imageMediaType(data) ?? part.mediaType ?? 'image/*' }, part.providerOptions);
}

function convertFilePart(part: FilePart): LanguageModelV3FilePart {
  const { data, mediaType } = dataContent(part.data);
  return withOptions({ type: 'file', data, mediaType: mediaType ?? part.mediaType, ...(part.filename === undefined ? {} : { filename: part.filename }) }, part.providerOptions);
}

function convertToolResult(part: ToolResultPart) {
  return withOptions({ type: 'tool-result' as const, toolCallId: part.toolCallId, toolName: part.toolName, output: part.output as LanguageModelV3ToolResultOutput }, part.providerOptions);
}

type DataContentInput = FilePart['data'];

/** Bytes stay bytes, base64 stays base64, a data: URL is split into its base64 and media type. */
function dataContent(content: DataContentInput): { data: LanguageModelV3DataContent; mediaType: string | undefined } {
  if (content instanceof Uint8Array) return { data: content, mediaType: undefined };
  if (content instanceof ArrayBuffer) return { data: new Uint8Array(content), mediaType: undefined };
  const text = content instanceof URL ? content.href : content;
  if (text.startsWith('data:')) {
    const comma = text.indexOf(',');
    const mediaType = text.slice('data:'.length, comma).split(';')[0];
    if (comma < 0 || mediaType === undefined || mediaType === '') throw new PromptConversionError('A data: URL in the conversation has no media type or no content.');
    return { data: text.slice(comma + 1), mediaType };
  }
  if (content instanceof URL || /^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw new PromptConversionError('The conversation names a file by URL; the server does not fetch URLs. Send the file itself.');
  }
  return { data: text, mediaType: undefined };
}

/** The leading bytes (raw, or the leading base64 characters) of the common image formats. */
const IMAGE_SIGNATURES: ReadonlyArray<{ mediaType: string; bytes: readonly number[]; base64: string }> = [
  { mediaType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47], base64: 'iVBORw' },
  { mediaType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff], base64: '/9j/' },
  { mediaType: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38], base64: 'R0lGOD' },
  { mediaType: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46], base64: 'UklGR' },
];

function imageMediaType(data: LanguageModelV3DataContent): string | undefined {
  if (data instanceof URL) return undefined;
  const match =
    typeof data === 'string'
      ? IMAGE_SIGNATURES.find((signature) => data.startsWith(signature.base64))
      : IMAGE_SIGNATURES.find((signature) => signature.bytes.every((byte, index) => data[index] === byte));
  return match?.mediaType;
}

/** Every tool call the model made must have its result before the conversation goes on. */
function assertToolCallsAnswered(prompt: readonly LanguageModelV3Message[]): void {
  const open = new Set<string>();
  for (const message of prompt) {
    if (message.role === 'assistant') {
      for (const part of message.content) if (part.type === 'tool-call' && part.providerExecuted !== true) open.add(part.toolCallId);
    } else if (message.role === 'tool') {
      for (const part of message.content) if (part.type === 'tool-result') open.delete(part.toolCallId);
    } else if (open.size > 0) {
      throw new PromptConversionError(`Tool calls without results before a ${message.role} message: ${[...open].join(', ')}.`);
    }
  }
  if (open.size > 0) throw new PromptConversionError(`Tool calls without results: ${[...open].join(', ')}.`);
}
