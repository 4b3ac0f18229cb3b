import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What a batch has done, as an append-only file in its output folder
 * (`batch-state.ndjson`): a line when an item's run starts (with its run id,
 * so an interrupted run's journal can be found) and one when it ends. A
 * line is appended whole or not at all as far as a reader cares: a cut-off
 * last line is ignored. `--resume` reads it back.
 */
export const STATE_FILE_NAME = 'batch-state.ndjson';

export type StateLine =
  | { item: string; status: 'started'; runId: string; resumedFrom?: string }
  | { item: string; status: 'done'; runId: string; output: string }
  | { item: string; status: 'failed'; runId: string | null; error: string };

export interface ItemState {
  /** The last run started for the item. */
  runId?: string;
  status: 'started' | 'done' | 'failed';
}

export function statePathOf(outputFolder: string): string {
  return path.join(outputFolder, STATE_FILE_NAME);
}

export function appendState(outputFolder: string, line: StateLine): void {
  appendFileSync(statePathOf(outputFolder), `${JSON.stringify(line)}\n`);
}

export function readState(outputFolder: string): Map<string, ItemState> {
  const states = new Map<string, ItemState>();
  const file = statePathOf(outputFolder);
  if (!existsSync(file)) return states;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    let parsed: StateLine;
    try {
      parsed = JSON.parse(line) as StateLine;
    } catch {
      continue;
    }
    if (typeof parsed?.item !== 'string') continue;
    states.set(parsed.item, { status: parsed.status, ...(parsed.runId === null || parsed.runId === undefined ? {} : { runId: parsed.runId }) });
  }
  return states;
}
