import { describe, expect, it } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';
import { isRunError } from '@/lib/runtime/run-error';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { AttachmentError } from './attachment';
import { prepareAttachments } from './prepare-attachments';

const worker: WorkerDefinition = {
  name: 'pitch_evaluator',
  path: 'workers/pitch_evaluator.worker',
  instructions: 'Evaluate.',
  attachment_policy: { max_attachments: 1, allowed_suffixes: ['.pdf'] },
};

async function setup() {
  const sandbox = createProjectSandbox(new MemoryFileSystem(), '/projects/demo');
  await sandbox.writeFile('input/deck.PDF', new Uint8Array([1, 2, 3]));
  await sandbox.writeFile('input/notes.txt', 'hello');
  return sandbox;
}

describe('prepareAttachments', () => {
  it('checks, applies the policy and reads', async () => {
    const sandbox = await setup();
    const [deck] = await prepareAttachments(worker, ['input/deck.PDF'], sandbox);
    expect(deck).toMatchObject({ path: 'input/deck.PDF', name: 'deck.PDF', mimeType: 'application/pdf', size: 3 });
  });

  it('refuses by policy before reading any bytes, as a located RunError', async () => {
    const sandbox = await setup();
    let reads = 0;
    const source = { stat: sandbox.stat.bind(sandbox), readFile: (path: string) => ((reads += 1), sandbox.readFile(path)) };
    const error = await prepareAttachments(worker, ['input/notes.txt'], source).catch((caught) => caught);
    expect(isRunError(error, 'attachment_error')).toBe(true);
    expect(error.location).toBe('workers/pitch_evaluator.worker');
    expect(error.message).toContain('Worker "pitch_evaluator" does not accept "input/notes.txt"');
    expect(error.cause).toBeInstanceOf(AttachmentError);
    expect(reads).toBe(0);
  });

  it('names the worker for loading errors too', async () => {
    const sandbox = await setup();
    const error = await prepareAttachments(worker, ['input/missing.pdf'], sandbox).catch((caught) => caught);
    expect(error.message).toContain('no such file in the project');
    expect(error.message).toContain('(worker "pitch_evaluator")');
  });
});
