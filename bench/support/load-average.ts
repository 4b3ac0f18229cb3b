import { readFileSync } from 'node:fs';

/** The machine's 1, 5 and 15 minute load averages (/proc/loadavg): a shared machine's figures are read beside them. */
export function readLoadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
