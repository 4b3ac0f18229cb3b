/**
 * Who made a commit is written into its message as trailers, so the History view
 * can tell runs from people without any store beside the repository.
 */
export type CommitKind = 'run' | 'person' | 'import' | 'undo' | 'restore' | 'pruned';

export interface CommitMeta {
  kind: CommitKind;
  runId?: string;
}

const KIND_TRAILER = 'Workerbench-Kind: ';
const RUN_TRAILER = 'Workerbench-Run: ';
const KINDS: readonly CommitKind[] = ['run', 'person', 'import', 'undo', 'restore', 'pruned'];

export function composeMessage(title: string, body: readonly string[], meta: CommitMeta): string {
  const trailers = [KIND_TRAILER + meta.kind];
  if (meta.runId !== undefined) trailers.push(RUN_TRAILER + meta.runId);
  return [title.replace(/\s+/g, ' ').trim(), '', ...body, '', ...trailers].join('\n') + '\n';
}

export function readMeta(message: string): CommitMeta {
  let kind: CommitKind = 'person';
  let runId: string | undefined;
  for (const line of message.split('\n')) {
    if (line.startsWith(KIND_TRAILER)) {
      const value = line.slice(KIND_TRAILER.length).trim();
      if ((KINDS as readonly string[]).includes(value)) kind = value as CommitKind;
    } else if (line.startsWith(RUN_TRAILER)) runId = line.slice(RUN_TRAILER.length).trim();
  }
  return runId === undefined ? { kind } : { kind, runId };
}

export function messageTitle(message: string): string {
  return message.split('\n', 1)[0] ?? '';
}

/** The file list in a message body, shortened past a screenful. */
export function fileLines(paths: readonly string[], limit = 50): string[] {
  const shown = paths.slice(0, limit).map((path) => `- ${path}`);
  if (paths.length > limit) shown.push(`- … and ${paths.length - limit} more`);
  return shown;
}
