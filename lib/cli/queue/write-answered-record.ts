import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { recordPathOf } from '../run-journal';

/** A run record a worker answered with, written where a local run writes its own (whole or not at all). */
export function writeAnsweredRecord(runsFolder: string, runId: string, record: string): void {
  mkdirSync(runsFolder, { recursive: true });
  const target = recordPathOf(runsFolder, runId);
  writeFileSync(`${target}.partial`, record);
  renameSync(`${target}.partial`, target);
}
