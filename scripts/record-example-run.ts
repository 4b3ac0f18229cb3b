/**
 * `npm run examples:record`: records the example's pitch-deck run with the demo
 * model and writes it where the app serves it (the one-click replay of the
 * example). Run it after changing the example project, the demo model or the
 * loop; a unit test fails while the shipped record is stale.
 */
import '@/lib/model/server/node/allow-server-only'; // the demo model's module is server-only: resolve the marker to its empty module
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serializeRunRecord } from '@/lib/run-record/run-record-codec';
import { EXAMPLE_RECORD_PATH, recordExampleRun } from '@/lib/run-record/testing/record-example-run';

async function main(): Promise<void> {
  const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const record = await recordExampleRun(repositoryRoot);
  const text = serializeRunRecord(record);
  writeFileSync(path.join(repositoryRoot, EXAMPLE_RECORD_PATH), text);
  console.log(`wrote ${EXAMPLE_RECORD_PATH}: ${record.events.length} events, ${record.steps.length} model steps, ${text.length} characters`);
}

void main();
