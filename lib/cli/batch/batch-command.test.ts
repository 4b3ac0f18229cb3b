import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandInServer, type ReceivedRequest, type StandInServer } from '@/lib/model/testing/stand-in-server';
import type { StandInReply } from '@/lib/model/testing/stand-in-reply';
import { cleanEnvironment, runCli, spawnCli, writeProjectFolder } from '../testing/spawn-cli';

/**
 * 200 items through a provider that turns away every third request (429),
 * the batch killed with SIGKILL while items are half done, then --resume'd:
 * every item ends with exactly one output, no completed step is asked for
 * again, and the item caught mid-run continues from its record.
 */
const API_KEY = 'sk-cli-batch-0000';
const ITEMS = 200;

/** Which item a request belongs to, and whether it is the first step (no tool result yet). */
function describeRequest(request: ReceivedRequest): { item: string; firstStep: boolean } {
  const body = JSON.stringify(request.body);
  const item = /payload-(\d{3})/.exec(body)?.[1] ?? '?';
  return { item, firstStep: !body.includes('function_call_output') };
}

const answered = new Map<string, number>();
function stormScript(request: ReceivedRequest, index: number): StandInReply {
  if (index % 3 === 0) return { kind: 'http-error', status: 429, retryAfter: '0', message: 'Rate limit reached' };
  const { item, firstStep } = describeRequest(request);
  const key = `${item}:${firstStep ? 1 : 2}`;
  answered.set(key, (answered.get(key) ?? 0) + 1);
  if (firstStep) return { kind: 'answer', toolCalls: [{ id: `call_${item}`, name: 'list_files', input: { path: '' } }] };
  return { kind: 'answer', text: `done payload-${item}` };
}

const WORKER = `---
name: main
description: Two steps per item.
model: openai:gpt-5.4-mini
toolsets:
  filesystem: {}
---
List the files, then answer.
`;

let standIn: StandInServer;
beforeAll(async () => {
  // Each streamed chunk waits a little, so a step takes long enough to be caught mid-run.
  standIn = await startStandInServer({ answer: stormScript, apiKey: API_KEY, chunkDelayMs: 2 });
});
afterAll(() => standIn.close());

function journalsWithSteps(folder: string): number {
  const runs = path.join(folder, '.workerbench/runs');
  if (!existsSync(runs)) return 0;
  return readdirSync(runs).filter((name) => name.endsWith('.journal.ndjson') && readFileSync(path.join(runs, name), 'utf8').includes('{"step":')).length;
}

function doneLines(folder: string): Array<{ item: string; status: string }> {
  const file = path.join(folder, 'out/batch-state.ndjson');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { item: string; status: string }).filter((line) => line.status === 'done');
}

describe('workerbench batch', () => {
  it('survives a 429 storm and a SIGKILL: --resume finishes every item once', async () => {
    const folder = writeProjectFolder({
      'project.json': JSON.stringify({ name: 'cli-batch', entry: 'main', runtime: { max_retries: 10 } }),
      'main.worker': WORKER,
    });
    writeFileSync(path.join(folder, 'items.jsonl'), Array.from({ length: ITEMS }, (_, index) => JSON.stringify({ id: `item-${String(index).padStart(3, '0')}`, input: `payload-${String(index).padStart(3, '0')}` })).join('\n'));
    const env = cleanEnvironment({ OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: `${standIn.origin}/v1` });
    // A resumed item's call that has no recorded result is asked again (the IDE's resume rule): --approve answers it.
    const args = ['batch', '.', 'main', '--inputs', 'items.jsonl', '-j', '16', '-o', 'out', '--approve', 'list_files'];

    const first = spawnCli(args, { cwd: folder, env, timeoutMs: 60_000 });
    // Killed once a fair share is done and some item is between its two steps (its first step recorded).
    const deadline = Date.now() + 50_000;
    let exited = false;
    void first.done.then(() => (exited = true));
    while (!exited && Date.now() < deadline && !(doneLines(folder).length >= 40 && journalsWithSteps(folder) > 0)) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(exited, first.stderrSoFar()).toBe(false);
    first.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    const doneBefore = doneLines(folder).length;
    expect(doneBefore).toBeGreaterThanOrEqual(40);
    expect(doneBefore).toBeLessThan(ITEMS);
    const answeredBefore = new Map(answered);

    const resumed = await runCli([...args, '--resume'], { cwd: folder, env, timeoutMs: 60_000 });
    expect(resumed.stderr).toMatch(new RegExp(`${ITEMS} items: \\d+ done, 0 failed, ${doneBefore} done before \\(skipped\\), [1-9]\\d* resumed from their records`));
    expect(resumed.code).toBe(0);

    // Nothing lost: every item has its output, from its own input.
    const outputs = readdirSync(path.join(folder, 'out')).filter((name) => name.endsWith('.txt'));
    expect(outputs).toHaveLength(ITEMS);
    for (let index = 0; index < ITEMS; index += 1) {
      const id = String(index).padStart(3, '0');
      expect(readFileSync(path.join(folder, `out/item-${id}.txt`), 'utf8')).toBe(`done payload-${id}`);
    }
    // Nothing done twice: one "done" per item over both processes, and no item finished before the kill was run again.
    const done = doneLines(folder).map((line) => line.item);
    expect(new Set(done).size).toBe(ITEMS);
    expect(done).toHaveLength(ITEMS);
    const finishedBefore = new Set(done.slice(0, doneBefore).map((item) => item.slice('item-'.length)));
    for (const item of finishedBefore) {
      expect(answered.get(`${item}:1`)).toBe(answeredBefore.get(`${item}:1`));
      expect(answered.get(`${item}:2`)).toBe(answeredBefore.get(`${item}:2`));
    }
    // A first step answered once stays answered once, unless it was in flight at the kill (at most -j of them).
    const askedTwice = [...answered].filter(([key, count]) => key.endsWith(':1') && count > 1);
    expect(askedTwice.length).toBeLessThanOrEqual(16);
    // The storm was real.
    expect(standIn.requests.length).toBeGreaterThan(ITEMS * 2 * 1.4);
  }, 120_000);
});
