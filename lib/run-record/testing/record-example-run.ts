import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';
import { createDemoModel } from '@/lib/model/demo';
import { createPdfTextExtractor } from '@/lib/pdf/extract-pdf-text';
import { loadNodePdfJs } from '@/lib/pdf/load-pdfjs-node';
import { discoverProject } from '@/lib/project/discover-project';
import { EXAMPLE_DECK_FILE_NAMES, EXAMPLE_DECKS_FOLDER } from '@/lib/project/example-decks';
import { EXAMPLE_PROJECT_NAME, exampleProjectFiles } from '@/lib/project/example-project';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { testSandbox } from '@/lib/runtime/testing/test-project';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import type { FileSystem } from '@/lib/vfs/file-system';
import { walkFiles } from '@/lib/vfs/walk-files';
import { RUN_RECORD_FORMAT, RUN_RECORD_VERSION, type RunRecord, type RunRecordFile } from '../run-record';
import { EXAMPLE_RECORD_URL } from '../example-record';

/** Where the example's recorded run is shipped (served as a static file, fetched when a newcomer asks to replay it). */
export const EXAMPLE_RECORD_PATH = `public${EXAMPLE_RECORD_URL}`;

/** A fixed clock: the record is the same bytes every time it is made, so a test can tell when it is stale. */
const RECORDED_AT = Date.UTC(2026, 10, 24, 12, 0, 0);
const TICK_MS = 37;

/** The example's files as a newcomer gets them: the shipped project and the sample decks. */
export function exampleFiles(repositoryRoot: string): RunRecordFile[] {
  const files: RunRecordFile[] = exampleProjectFiles().map((file) => ({ path: file.path, data: typeof file.data === 'string' ? encodeUtf8(file.data) : file.data }));
  for (const name of EXAMPLE_DECK_FILE_NAMES) {
    files.push({ path: `${EXAMPLE_DECKS_FOLDER}/${name}`, data: new Uint8Array(readFileSync(path.join(repositoryRoot, 'public/examples/pitch-deck/input', name))) });
  }
  return files;
}

/**
 * Records the example's pitch-deck flow as the browser runs it: the real loop,
 * the demo model, PDFs as text (the demo reads none natively), the evaluator's
 * creation approved once. `npm run examples:record` writes it to EXAMPLE_RECORD_PATH.
 */
export async function recordExampleRun(repositoryRoot: string): Promise<RunRecord> {
  return (await recordExampleRunWithFiles(repositoryRoot)).record;
}

/** The recording and every file of the project after the run, by path: what a replay must reproduce. */
export async function recordExampleRunWithFiles(repositoryRoot: string): Promise<{ record: RunRecord; filesAfter: Map<string, Uint8Array> }> {
  const files = exampleFiles(repositoryRoot);
  const sandbox = await testSandbox(Object.fromEntries(files.map((file) => [file.path, file.data])));
  const project = await discoverProject(sandbox);
  const steps: ModelStepRecord[] = [];
  let tick = RECORDED_AT;
  const { outcome, events } = await runProject({
    project,
    sandbox,
    client: createInProcessModelClient(createDemoModel({ delayMs: 0 })),
    input: '',
    approvals: [{ choice: 'approve_once' }],
    extra: {
      model: project.manifest.default_model,
      clock: () => (tick += TICK_MS),
      modelSupportsPdf: (model) => !model.startsWith('demo:'),
      extractPdfText: createPdfTextExtractor(await loadNodePdfJs()),
      recordStep: (step) => steps.push(step),
    },
  });
  if (outcome.status !== 'completed') throw new Error(`the example run did not complete: ${outcome.error.message}`);
  const filesAfter = await sandboxFiles(sandbox);
  const record: RunRecord = {
    format: RUN_RECORD_FORMAT,
    version: RUN_RECORD_VERSION,
    recordedWith: 'workerbench (example recording)',
    runId: outcome.runId,
    projectName: EXAMPLE_PROJECT_NAME,
    projectAtStart: { source: { kind: 'snapshot' }, files },
    events,
    steps,
  };
  return { record, filesAfter };
}

/** Every file of a sandbox, by project path. */
export async function sandboxFiles(sandbox: FileSystem): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const file of await walkFiles(sandbox, '')) files.set(file.path, await sandbox.readFile(file.path));
  return files;
}
