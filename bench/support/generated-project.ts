import type { SharedFile, SharedProject } from '@/lib/share/share-result';

/** Deterministic pseudo-random words so 200 workers do not compress like 200 copies of one. */
export function generatedProject(workerCount: number): SharedProject {
  let state = 0x2545f491;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  const vocabulary = ['analyse', 'deck', 'market', 'revenue', 'team', 'risk', 'summary', 'score', 'evidence', 'rubric', 'competitor', 'traction', 'pricing', 'churn', 'cohort', 'runway', 'moat', 'channel', 'hiring', 'regulation'];
  const sentence = (words: number) => Array.from({ length: words }, () => vocabulary[next() % vocabulary.length]).join(' ');
  const files: SharedFile[] = [{ path: 'project.json', data: JSON.stringify({ entry: 'worker_0', runtime: { approval_mode: 'prompt' } }, null, 2) }];
  for (let index = 0; index < workerCount; index += 1) {
    const callee = `worker_${(index + 1) % workerCount}`;
    files.push({
      path: `workers/worker_${index}.worker`,
      data: `---\nname: worker_${index}\ndescription: ${sentence(12)}\nmodel: demo:scripted\ntoolsets:\n  filesystem: {}\n  workers: { allowed_workers: [${callee}] }\n---\n# Worker ${index}\n\n${sentence(40)}.\n\n${sentence(30)}.\n`,
    });
  }
  return { name: `generated-${workerCount}`, files };
}
