/**
 * A size for people, the one convention of the whole product: binary units with their IEC names
 * (1 KiB = 1,024 bytes), since every limit in the product is set in them (50 MiB per file).
 * 0 → "0 B", 1536 → "1.5 KiB", 52428800 → "50 MiB". One decimal below 100 keeps "1.2 MiB"
 * readable; larger values need none.
 */
const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return `${bytes} B`;
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unitIndex = -1;
  while (value >= 1024 && unitIndex < UNITS.length - 1) {
    value /= 1024;
    unitIndex += 1;
  }
  const rounded = value < 100 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value).toString();
  return `${rounded} ${UNITS[unitIndex]}`;
}
