/**
 * Tells Monaco how to start its web workers. Under Turbopack the default
 * lookup fails, so each label gets a worker built from a local entry file.
 * Must run before the first editor is created.
 */
export function installMonacoEnvironment(): void {
  const scope = self as typeof self & { MonacoEnvironment?: { getWorker: (workerId: string, label: string) => Worker } };
  scope.MonacoEnvironment = {
    getWorker(_workerId: string, label: string): Worker {
      if (label === 'json') {
        return new Worker(new URL('./workers/json-worker.ts', import.meta.url), { type: 'module', name: 'monaco-json' });
      }
      return new Worker(new URL('./workers/editor-worker.ts', import.meta.url), { type: 'module', name: 'monaco-editor' });
    },
  };
}
