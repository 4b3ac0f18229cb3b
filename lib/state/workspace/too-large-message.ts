import { formatBytes } from '@/lib/text/format-bytes';
import { MAX_FILE_BYTES } from '@/lib/vfs/limits';

/**
 * The refusal of an upload over the limit. Rounded sizes can look equal
 * ("52.4 MB, larger than 52.4 MB"), so exact bytes follow when they would.
 */
export function tooLargeMessage(name: string, bytes: number, limit: number = MAX_FILE_BYTES): string {
  const sameRounding = formatBytes(bytes) === formatBytes(limit);
  const size = sameRounding ? `${bytes.toLocaleString('en-US')} bytes` : formatBytes(bytes);
  const maximum = sameRounding ? `${formatBytes(limit)} (${limit.toLocaleString('en-US')} bytes)` : formatBytes(limit);
  return `"${name}" is ${size}; the limit for one file is ${maximum}. Nothing was written.`;
}
