import { fileReadRefusal } from '@/lib/runtime/file-read-purposes';
import type { ToolContext } from '@/lib/runtime/toolsets/toolset';

/**
 * How worker_create reads the schema files a new worker refers to
 * (`input_schema_ref`, `output_schema_ref`). What such a file holds goes into
 * the creator's next model request (the new tool's schema), so reading it
 * needs what the creator's own `read_file` of it needs: no filesystem
 * toolset, `read_file: blocked` or `reject_all` refuse it (a RunError the
 * model reads, before the file is touched, so not even whether it exists
 * leaks), and a read that would ask asks. Paths are the sandbox's: project-
 * relative, a `..` that leaves the project never gets here (the ref is
 * refused as outside the project).
 */
export type SchemaFileReader = (path: string) => Promise<string>;

/** For the call itself: the person is asked where the creator's read would ask. */
export function askingSchemaReader(context: ToolContext): SchemaFileReader {
  return async (path) => {
    await context.authorizeFileRead(path, 'schema');
    return context.sandbox.readText(path);
  };
}

/**
 * For the approval's preview (only the person sees it) and a resumed call
 * (asked when it first ran): refused reads stay refused, nobody is asked.
 */
export function checkingSchemaReader(context: ToolContext): SchemaFileReader {
  return async (path) => {
    const access = context.fileReadAccess(path);
    if (access.kind === 'refused') throw fileReadRefusal({ purpose: 'schema', workerName: context.workerName, path, why: access.why });
    return context.sandbox.readText(path);
  };
}
