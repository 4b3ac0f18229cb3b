/**
 * "provider:model" ids. Only the first colon separates: Ollama tags contain
 * colons themselves ("openai-compatible:qwen2.5:7b").
 */
export interface ParsedModelId {
  provider: string;
  model: string;
}

export function parseModelId(id: string): ParsedModelId | null {
  const separator = id.indexOf(':');
  if (separator <= 0 || separator === id.length - 1) return null;
  return { provider: id.slice(0, separator).trim(), model: id.slice(separator + 1).trim() };
}

export function formatModelId(provider: string, model: string): string {
  return `${provider}:${model}`;
}
