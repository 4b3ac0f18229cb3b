import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { EXAMPLE_DECK_FILE_NAMES } from '@/lib/project/example-decks';
import { exampleManifest } from './example-manifest';
import { createExampleProject, createExampleProjectWith, deckSeedProblem, fetchExampleDecks, type DeckFetcher } from './example-seed';
import { readProjectTree } from './read-project-tree';
import { projectTrustFor } from '../share/trust-store';

/** Serves the real files from public/, as Next does. */
const publicFetcher: DeckFetcher = async (url) => new Uint8Array(readFileSync(path.join(process.cwd(), 'public', decodeURIComponent(url))));

describe('example decks', () => {
  it('creates the example with the three sample PDFs in input/', async () => {
    const fileSystem = new MemoryFileSystem();
    const result = await createExampleProject(fileSystem, 'pitch-deck-example', publicFetcher);
    expect(result).toEqual({ written: EXAMPLE_DECK_FILE_NAMES.map((name) => `input/${name}`), failed: [] });
    expect(deckSeedProblem('pitch-deck-example', result)).toBeNull();
    for (const name of EXAMPLE_DECK_FILE_NAMES) {
      const bytes = await fileSystem.readFile(`/projects/pitch-deck-example/input/${name}`);
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    }
    expect(await fileSystem.readText('/projects/pitch-deck-example/main.worker')).toContain('name: main');
    // Created here, not imported: its own pre-approved report writes count.
    expect(projectTrustFor('pitch-deck-example')).toBe('trusted');
  });

  it('keeps the project and the other decks when a fetch fails, and says which and why', async () => {
    const fileSystem = new MemoryFileSystem();
    const flaky: DeckFetcher = async (url) => {
      if (url.includes('lumen')) throw new Error('HTTP 404');
      if (url.includes('orbit')) return new TextEncoder().encode('<html>not found</html>');
      return publicFetcher(url);
    };
    const result = await createExampleProject(fileSystem, 'example', flaky);
    expect(result.written).toEqual(['input/tidewater-robotics.pdf']);
    expect(result.failed).toEqual([
      { fileName: 'lumen-ledger.pdf', reason: 'HTTP 404' },
      { fileName: 'orbit-snacks.pdf', reason: 'the server did not send a PDF' },
    ]);
    const message = deckSeedProblem('example', result);
    expect(message).toContain('2 sample decks could not be added to "example"');
    expect(message).toContain('lumen-ledger.pdf (HTTP 404)');
    expect(message).toContain('Restore pitch-deck example');
    expect(await fileSystem.stat('/projects/example/rubric.md')).not.toBeNull();
    expect(await fileSystem.stat('/projects/example/input/lumen-ledger.pdf')).toBeNull();
  });

  it('never overwrites: an existing project name is refused and that project is left as it was', async () => {
    const fileSystem = new MemoryFileSystem();
    await createExampleProject(fileSystem, 'example', publicFetcher);
    await fileSystem.writeFile('/projects/example/input/tidewater-robotics.pdf', 'mine');
    await expect(createExampleProject(fileSystem, 'example', publicFetcher)).rejects.toThrow(/already exists/);
    expect(await fileSystem.readText('/projects/example/input/tidewater-robotics.pdf')).toBe('mine');
  });

  it('creates nothing until every deck has been fetched or given up', async () => {
    const fileSystem = new MemoryFileSystem();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: DeckFetcher = async (url) => {
      await gate;
      return publicFetcher(url);
    };
    const creating = createExampleProject(fileSystem, 'example', slow);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await fileSystem.stat('/projects/example')).toBeNull();
    release();
    expect((await creating).written).toHaveLength(3);
  });
});

describe('the example drawn from its manifest', () => {
  it('is the tree and the text files storage holds once the example is written', async () => {
    const fileSystem = new MemoryFileSystem();
    const decks = await fetchExampleDecks(publicFetcher);
    await createExampleProjectWith(fileSystem, 'pitch-deck', decks);
    const manifest = exampleManifest(decks);
    expect(manifest.tree).toEqual(await readProjectTree(fileSystem, '/projects/pitch-deck'));
    expect(manifest.tree.map((node) => node.name)).toContain('input');
    for (const [file, buffer] of manifest.buffers) {
      expect(buffer.text).toBe(buffer.savedText);
      expect(await fileSystem.readText(`/projects/pitch-deck/${file}`)).toBe(buffer.text);
    }
    expect(manifest.buffers.has('main.worker')).toBe(true);
  });
});
