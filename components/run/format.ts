import type { TokenUsage } from '@/lib/model/protocol/step-protocol';
import { displayedJson } from '@/lib/state/ui/displayed-json';

/** Display helpers for the run tree: durations, sizes, token counts, JSON. */
export function formatDuration(milliseconds: number | undefined): string {
  if (milliseconds === undefined) return '';
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  const seconds = milliseconds / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

export function formatTokens(usage: TokenUsage): string {
  const cached = usage.cachedInputTokens === undefined ? '' : ` (${usage.cachedInputTokens} cached)`;
  return `${usage.inputTokens} in${cached} / ${usage.outputTokens} out`;
}

/** Pretty JSON (bounded: displayedJson); strings are shown as they are, so file contents and answers read naturally. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return displayedJson(value);
}
