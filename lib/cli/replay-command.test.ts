import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_RECORD_PATH } from '@/lib/run-record/testing/record-example-run';
import { runCli } from './testing/spawn-cli';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** The IDE's shipped example record, replayed from the command line: the two surfaces read one format. */
// Spawned processes on a shared CI machine: generous bounds, never a hang.
describe('workerbench replay', { timeout: 180_000 }, () => {
  it("replays the IDE's example record offline to the recorded output", async () => {
    const record = path.resolve(__dirname, '..', '..', EXAMPLE_RECORD_PATH);
    const cwd = mkdtempSync(path.join(tmpdir(), 'workerbench-replay-test-'));
    // The example's writes are pre_approved by its own workers. An untrusted replay does not count
    // that policy, but answers each question from the record's own decisions, as the IDE's Replay
    // does (lib/runtime/recorded-run): the same call with the same arguments, nothing more.
    const untrusted = await runCli(['replay', record], { cwd });
    expect(untrusted.stderr).toContain('replayed: the output is the recorded one');
    expect(untrusted.code).toBe(0);
    const trusted = await runCli(['replay', record, '--trust-project', '--into', 'copy'], { cwd });
    expect(trusted.stderr).toContain('replayed: the output is the recorded one');
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toContain('I evaluated 3 of 3 pitch decks');
  });
});
