import { RunError } from '@/lib/runtime/run-error';
import type { FileReadPurpose } from '@/lib/runtime/toolsets/toolset';

/**
 * The words of a file read a tool does for a purpose other than read_file
 * (approval-gate.ts decides it as read_file's): how it is refused, what the
 * question says, how a denial reads. Apart from the gate so a tool can refuse
 * in the same words without asking (dynamic-workers/schema-file-reader.ts).
 */
export const READ_PURPOSES: Record<FileReadPurpose, { refused: (worker: string, path: string, why: string) => RunError; title: (path: string) => string; denied: (path: string) => string }> = {
  pass: {
    refused: (worker, path, why) =>
      new RunError('attachment_not_readable', `${worker} cannot pass "${path}" to another worker: ${why} Passing a file needs the same permission as reading it.`),
    title: (path) => `Pass ${path} to another worker (its model reads the file)`,
    denied: (path) => `The user denied passing "${path}"`,
  },
  schema: {
    refused: (worker, path, why) =>
      new RunError(
        'schema_not_readable',
        `${worker} cannot use "${path}" as a schema of the worker it creates: ${why} A schema file goes into the model's request, so using one needs the same permission as reading it.`,
        path,
      ),
    title: (path) => `Use ${path} as a schema of the worker being created (the model receives its content)`,
    denied: (path) => `The user denied using "${path}" as a schema`,
  },
};

export interface FileReadRefusalOptions {
  purpose: FileReadPurpose;
  workerName: string;
  path: string;
  why: string;
}

/** The refusal of a read for this purpose, worded for what the worker tried to do with the file. */
export function fileReadRefusal({ purpose, workerName, path, why }: FileReadRefusalOptions): RunError {
  return READ_PURPOSES[purpose].refused(workerName, path, why);
}

