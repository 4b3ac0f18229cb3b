import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox, type ProjectSandbox } from '@/lib/vfs/sandbox';
import { AttachmentError } from './attachment';
import { loadAttachments, statAttachments } from './load-attachments';

const SIXTY_MEGABYTES = 60 * 1024 * 1024;

async function refusal(promise: Promise<unknown>): Promise<AttachmentError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AttachmentError) return error;
    throw error;
  }
  throw new Error('expected an AttachmentError');
}

describe('loadAttachments', () => {
  let fileSystem: MemoryFileSystem;
  let sandbox: ProjectSandbox;

  beforeEach(async () => {
    // Room for a 60 MB file in storage, so the attachment limit is what refuses it.
    fileSystem = new MemoryFileSystem({ maxFileBytes: 100 * 1024 * 1024 });
    sandbox = createProjectSandbox(fileSystem, '/projects/demo');
    await sandbox.writeFile('input/Deck.PDF', new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 1, 2, 3]));
    await sandbox.writeFile('notes/brief.md', '# Brief\nHello');
    await sandbox.writeFile('input/empty.pdf', new Uint8Array(0));
    await fileSystem.writeFile('/projects/secret.txt', 'outside the project');
  });

  it('reads path, basename, MIME type from the extension, bytes and size', async () => {
    const [deck, brief] = await loadAttachments(sandbox, ['./input/Deck.PDF', { path: '/notes/brief.md', slot: 'brief' }]);
    expect(deck).toEqual({
      path: 'input/Deck.PDF',
      name: 'Deck.PDF',
      mimeType: 'application/pdf',
      bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 1, 2, 3]),
      size: 8,
    });
    expect(brief).toMatchObject({ path: 'notes/brief.md', name: 'brief.md', mimeType: 'text/markdown', size: 13, slot: 'brief' });
  });

  it('refuses paths that climb out of the project', async () => {
    const error = await refusal(loadAttachments(sandbox, ['../secret.txt']));
    expect(error.code).toBe('invalid_path');
    expect(error.path).toBe('../secret.txt');
    expect(error.message).toContain('Cannot attach "../secret.txt"');
    expect(error.message).toContain('climbs above the project root');
    expect((await refusal(loadAttachments(sandbox, ['input/../../secret.txt']))).code).toBe('invalid_path');
  });

  it('refuses missing files with a hint', async () => {
    const error = await refusal(loadAttachments(sandbox, ['input/deck.pdf']));
    expect(error).toMatchObject({ code: 'not_found', path: 'input/deck.pdf' });
    expect(error.message).toBe('Cannot attach "input/deck.pdf": no such file in the project. Check the path with list_files.');
  });

  it('refuses directories and the project root', async () => {
    expect(await refusal(loadAttachments(sandbox, ['input']))).toMatchObject({ code: 'is_directory', path: 'input' });
    expect((await refusal(loadAttachments(sandbox, ['/']))).code).toBe('is_directory');
  });

  it('refuses a 0-byte file as empty', async () => {
    const error = await refusal(loadAttachments(sandbox, ['input/empty.pdf']));
    expect(error).toMatchObject({ code: 'empty_file', path: 'input/empty.pdf' });
    expect(error.message).toBe('Cannot attach "input/empty.pdf": the file is empty (0 bytes).');
  });

  it('refuses a 60 MB PDF, naming its size and the limit', async () => {
    await sandbox.writeFile('input/huge.pdf', new Uint8Array(SIXTY_MEGABYTES));
    const error = await refusal(loadAttachments(sandbox, ['input/huge.pdf']));
    expect(error).toMatchObject({ code: 'too_large', path: 'input/huge.pdf' });
    expect(error.message).toBe('Cannot attach "input/huge.pdf": it is 60 MiB, larger than the 50 MiB limit for one attachment.');
  });

  it('honours a smaller limit passed by the caller', async () => {
    const error = await refusal(loadAttachments(sandbox, ['notes/brief.md'], { maxFileBytes: 10 }));
    expect(error.code).toBe('too_large');
    expect(error.message).toContain('the 10 B limit');
  });

  it('checks every path before reading any bytes', async () => {
    let reads = 0;
    const counting = { stat: sandbox.stat.bind(sandbox), readFile: (path: string) => ((reads += 1), sandbox.readFile(path)) };
    await refusal(loadAttachments(counting, ['input/Deck.PDF', 'missing.pdf']));
    expect(reads).toBe(0);
    expect(await statAttachments(counting, ['input/Deck.PDF'])).toEqual([{ path: 'input/Deck.PDF', size: 8 }]);
  });

  it('refuses non-string paths from a malformed tool call', async () => {
    expect((await refusal(loadAttachments(sandbox, [42 as unknown as string]))).code).toBe('invalid_path');
  });
});
