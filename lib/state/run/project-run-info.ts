import type { LoadedProject } from '@/lib/project/analyze-project';
import { entryArgsInputText } from '@/lib/project/llm-do-manifest';
import type { ProjectRunInfo } from './run-state';

/** What the run form needs of a loaded project: its workers (sorted, with their own models and input schemas), entry, default model and input. */
export function toRunInfo(project: string, loaded: LoadedProject): ProjectRunInfo {
  const pathOf = new Map<string, string>();
  for (const [path, name] of loaded.workerPaths) if (!pathOf.has(name)) pathOf.set(name, path);
  const workers = [...loaded.workers.keys()]
    .sort((left, right) => left.localeCompare(right))
    .map((name) => {
      const inputSchema = loaded.schemas.get(name)?.input;
      const { model, description } = loaded.workers.get(name) ?? {};
      return {
        name,
        path: pathOf.get(name) ?? `${name}.worker`,
        ...(description === undefined || description.trim() === '' ? {} : { description: description.trim() }),
        ...(model === undefined ? {} : { model }),
        ...(inputSchema === undefined ? {} : { inputSchema }),
      };
    });
  const entryInput = entryArgsInputText(loaded.manifest.entry_args);
  return {
    project,
    entry: loaded.manifest.entry,
    ...(loaded.manifest.default_model === undefined ? {} : { defaultModel: loaded.manifest.default_model }),
    ...(entryInput === undefined ? {} : { entryInput }),
    workers,
    diagnostics: loaded.diagnostics,
  };
}
