/**
 * Which files are workers: Workerbench's `.worker` and llm-do's `.agent`
 * (llm-do renamed workers to agents in 2026-01; both generations open unchanged).
 * Case-sensitive like discovery has always been, so "NOTES.WORKER" stays a plain file.
 */
export const WORKER_FILE_EXTENSIONS = ['.worker', '.agent'] as const;

export function isWorkerFilePath(path: string): boolean {
  return WORKER_FILE_EXTENSIONS.some((extension) => path.endsWith(extension));
}
