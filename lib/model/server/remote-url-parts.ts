import 'server-only';
import type { ModelMessage } from 'ai';

/**
 * The AI SDK downloads a file or image part whose data is a URL (a string
 * that parses as one counts) when the model does not take URLs itself, and
 * every `image-url` / `file-url` in a tool result: the server would fetch any
 * address a request names, including ones only it can reach. The browser
 * always sends bytes (base64), so a URL-valued part is refused outright;
 * `data:` URLs are bytes too and stay allowed.
 */
function isRemoteUrl(value: unknown): boolean {
  if (value instanceof URL) return value.protocol !== 'data:';
  if (typeof value !== 'string' || !value.includes(':')) return false;
  // A data: URL's bytes may be megabytes, sent whole at times: its scheme says enough, without parsing it whole.
  if (/^data:/i.test(value)) return false;
  try {
    return new URL(value).protocol !== 'data:';
  } catch {
    return false;
  }
}

/** A part's path, built only for the part refused. */
function partPath(messageIndex: number, partIndex: number): string {
  return `messages.${messageIndex}.content.${partIndex}`;
}

/** Where the first URL-valued part is ("messages.2.content.0"), or null when there is none. */
export function findRemoteUrlPart(messages: readonly ModelMessage[]): string | null {
  for (const [messageIndex, message] of messages.entries()) {
    if (!Array.isArray(message.content)) continue;
    for (const [partIndex, part] of (message.content as readonly Record<string, unknown>[]).entries()) {
      if (part.type === 'image' && isRemoteUrl(part.image)) return partPath(messageIndex, partIndex);
      if (part.type === 'file' && isRemoteUrl(part.data)) return partPath(messageIndex, partIndex);
      if (part.type !== 'tool-result') continue;
      const output = part.output as { type?: unknown; value?: unknown } | undefined;
      if (output?.type !== 'content' || !Array.isArray(output.value)) continue;
      for (const [valueIndex, item] of (output.value as readonly Record<string, unknown>[]).entries()) {
        if (item.type === 'image-url' || item.type === 'file-url') return `${partPath(messageIndex, partIndex)}.output.value.${valueIndex}`;
      }
    }
  }
  return null;
}

export function remoteUrlPartMessage(where: string): string {
  return `Invalid request field "${where}": file and image parts must carry their bytes (base64 or a data: URL); the proxy never fetches a URL.`;
}
