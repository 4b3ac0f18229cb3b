import { diagnosticAt, type Diagnostic } from '@/lib/worker/diagnostic';
import { suggestKey } from '@/lib/worker/schema-issue-diagnostics';
import { compareDiagnostics, parseWorkerFile, type ParsedWorkerFile } from '@/lib/worker/parse-worker-file';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { isWorkerFilePath } from '@/lib/worker/worker-file-path';
import { dropPythonToolsets } from '@/lib/project/llm-do-toolset-references';
import type { PathSegment, SourceMap } from '@/lib/worker/yaml-source-map';
import { checkWorkerAgainstProject, type WorkerSchemas } from '@/lib/project/check-worker';
import { checkDefaultModel, checkWorkerModels } from '@/lib/project/check-models';
import { MANIFEST_FILE_NAME, type ProjectManifest } from '@/lib/project/manifest-schema';
import { defaultManifest, parseManifest } from '@/lib/project/parse-manifest';
import { isInFolder, normalizeProjectPath } from '@/lib/project/project-paths';
import { readTestFile } from '@/lib/project/test-files';
import { workerInstructions } from '@/lib/project/worker-instructions';
import { isTestFilePath } from '@/lib/worker-tests/test-file-path';

/**
 * Loads a project from file texts in one pure pass: parse the manifest, parse
 * every worker file, register workers by `name`, then check what only the
 * whole project can tell (duplicates, collisions, references, schemas).
 *
 * Discovery rules:
 * - without `worker_files`, every `.worker` / `.agent` file is a worker, except those under
 *   `generated_workers_dir` (they belong to the session that created them and
 *   are not discovered; they are neither registered nor diagnosed here — the
 *   editor diagnoses an open file on its own with parseWorkerFile);
 * - with `worker_files`, exactly those files are workers (even generated ones),
 *   and a listed file that does not exist is a diagnostic in project.json;
 * - a `<worker>.tests.yaml` file holds test cases of the worker beside it
 *   (lib/worker-tests); its problems are diagnostics like a worker's.
 * Schema refs resolve relative to the worker file ("/x.json" = project root).
 */

export interface ProjectFile {
  /** Project-relative path ("main.worker", "schemas/input.json"). */
  path: string;
  text: string;
}

export interface AnalyzeProjectInput {
  /** Text of project.json; null when the project has none. */
  manifestText: string | null;
  files: readonly ProjectFile[];
  /**
   * The ids of the models the server offers (GET /api/models), when known: model names not
   * among them get a warning (check-models.ts). Without it, model names are not checked.
   */
  knownModels?: readonly string[];
}

export type { WorkerSchemas } from '@/lib/project/check-worker';

export interface LoadedProject {
  manifest: ProjectManifest;
  /** Valid workers by name. With duplicate names, the first file in path order is kept. */
  workers: Map<string, WorkerDefinition>;
  /** Worker file path → worker name, for every discovered file whose name could be read. */
  workerPaths: Map<string, string>;
  /** Resolved input/output schemas of registered workers, by worker name. */
  schemas: Map<string, WorkerSchemas>;
  /** Sorted by file, line, column. */
  diagnostics: Diagnostic[];
}


interface WorkerEntry {
  path: string;
  parsed: ParsedWorkerFile;
  /** Name read from the frontmatter even when the file has other errors. */
  name?: string;
}

function readName(parsed: ParsedWorkerFile): string | undefined {
  const name = parsed.definition?.name ?? parsed.frontmatter?.name;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

export function analyzeProject(input: AnalyzeProjectInput): LoadedProject {
  const diagnostics: Diagnostic[] = [];
  let manifest: ProjectManifest;
  let manifestMap: SourceMap | undefined;
  if (input.manifestText === null) {
    manifest = defaultManifest();
    diagnostics.push(
      diagnosticAt({ file: MANIFEST_FILE_NAME, range: { line: 1, column: 1, endLine: 1, endColumn: 1 }, severity: 'warning', code: 'missing-manifest', message: 'The project has no project.json; defaults are used' }),
    );
  } else {
    const parsedManifest = parseManifest(input.manifestText, MANIFEST_FILE_NAME);
    manifest = parsedManifest.manifest;
    manifestMap = parsedManifest.sourceMap;
    diagnostics.push(...parsedManifest.diagnostics);
  }
  const manifestRange = (path: PathSegment[]) => manifestMap?.locate(path) ?? { line: 1, column: 1, endLine: 1, endColumn: 2 };

  // Index files by canonical path; the last one wins if two spell the same path.
  const texts = new Map<string, string>();
  for (const file of input.files) {
    const path = normalizeProjectPath(file.path);
    if (path) texts.set(path, file.text);
  }
  const readText = (path: string) => texts.get(path);

  // Which files are workers.
  let workerFilePaths: string[];
  if (manifest.worker_files) {
    workerFilePaths = [];
    manifest.worker_files.forEach((listed, index) => {
      const path = normalizeProjectPath(listed);
      if (!path) return; // already diagnosed by parseManifest
      if (!texts.has(path)) {
        diagnostics.push(diagnosticAt({ file: MANIFEST_FILE_NAME, range: manifestRange(['worker_files', index]), severity: 'error', code: 'missing-worker-file', message: `worker_files lists "${listed}", but there is no such file` }));
      } else if (!workerFilePaths.includes(path)) workerFilePaths.push(path);
    });
  } else {
    const generated = manifest.generated_workers_dir ? normalizeProjectPath(manifest.generated_workers_dir) : null;
    workerFilePaths = [...texts.keys()].filter((path) => isWorkerFilePath(path) && !(generated && isInFolder(path, generated)));
  }
  workerFilePaths.sort();

  // Parse each worker once; legacy llm-do templates in its body are expanded from the project's files.
  const entries: WorkerEntry[] = workerFilePaths.map((path) => {
    const text = texts.get(path)!;
    const parsed = parseWorkerFile(text, path);
    diagnostics.push(...parsed.diagnostics);
    const instructions = workerInstructions({ parsed, fileText: text, path, readText });
    diagnostics.push(...instructions.diagnostics);
    const { definition: _parsedDefinition, ...rest } = parsed;
    const expanded: ParsedWorkerFile = instructions.definition === undefined ? rest : { ...rest, definition: instructions.definition };
    return { path, parsed: expanded, name: readName(parsed) };
  });

  // Register by name; duplicates are reported on every file involved.
  const byName = new Map<string, WorkerEntry[]>();
  const workerPaths = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.name) continue;
    workerPaths.set(entry.path, entry.name);
    byName.set(entry.name, [...(byName.get(entry.name) ?? []), entry]);
  }
  const nameRange = (entry: WorkerEntry) => entry.parsed.sourceMap?.locate(['name']) ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
  for (const [name, group] of byName) {
    if (group.length < 2) continue;
    for (const entry of group) {
      const others = group.filter((other) => other !== entry).map((other) => `"${other.path}"`);
      diagnostics.push(diagnosticAt({ file: entry.path, range: nameRange(entry), severity: 'error', code: 'duplicate-name', message: `Worker name "${name}" is also used by ${others.join(', ')}; names must be unique in the project` }));
    }
  }

  const workers = new Map<string, WorkerDefinition>();
  for (const entry of entries) {
    const definition = entry.parsed.definition;
    if (definition && !workers.has(definition.name)) workers.set(definition.name, definition);
  }
  // Names that exist at all (even in files with errors), so a typo elsewhere is not also blamed on the caller.
  const knownNames = new Set(byName.keys());

  for (const entry of entries) diagnostics.push(...dropPythonToolsets(entry.path, entry.parsed, knownNames));

  const schemas = new Map<string, WorkerSchemas>();
  const reportedJsonFiles = new Set<string>();
  for (const entry of entries) {
    const definition = entry.parsed.definition;
    if (!definition || !entry.parsed.sourceMap) continue;
    const checked = checkWorkerAgainstProject(definition, entry.parsed.sourceMap, { knownNames, readText, reportedJsonFiles });
    diagnostics.push(...checked.diagnostics);
    if (input.knownModels !== undefined) diagnostics.push(...checkWorkerModels(definition, entry.parsed.sourceMap, input.knownModels));
    if (workers.get(definition.name) === definition) schemas.set(definition.name, checked.schemas);
  }

  if (input.knownModels !== undefined && manifest.default_model !== undefined && manifestMap?.has(['default_model'])) {
    diagnostics.push(...checkDefaultModel({ file: MANIFEST_FILE_NAME, id: manifest.default_model, range: manifestMap.locate(['default_model']), knownModels: input.knownModels }));
  }

  // Without a manifest, llm-do's legacy CLI runs main.worker whatever its name; so does Workerbench.
  const mainFileName = workerPaths.get('main.worker');
  if (input.manifestText === null && !knownNames.has(manifest.entry) && mainFileName !== undefined) manifest.entry = mainFileName;

  if (!knownNames.has(manifest.entry)) {
    // llm-do's manifest names the entry at entry.agent.
    const entryPath = manifestMap?.has(['entry', 'agent']) ? ['entry', 'agent'] : ['entry'];
    const explicit = manifestMap?.has(entryPath) ? manifestMap.locate(entryPath) : undefined;
    const hint = suggestName(manifest.entry, knownNames);
    const problem = diagnosticAt(
      { file: MANIFEST_FILE_NAME, range: explicit ?? { line: 1, column: 1, endLine: 1, endColumn: 2 }, severity: 'error', code: 'unknown-entry', message: `The entry worker "${manifest.entry}" does not exist${hint ? ` (did you mean "${hint}"?)` : ''}${entries.length === 0 ? '; the project has no worker files' : ''}` },
    );
    // The fix replaces the written name; without one (the default entry) there is nothing to replace.
    diagnostics.push(hint !== undefined && explicit !== undefined ? { ...problem, replacement: hint } : problem);
  }

  // Test cases: located problems in the tests files (outside the generated folder, like workers).
  const generatedFolder = manifest.generated_workers_dir ? normalizeProjectPath(manifest.generated_workers_dir) : null;
  for (const [path, text] of texts) {
    if (!isTestFilePath(path) || (generatedFolder && isInFolder(path, generatedFolder))) continue;
    diagnostics.push(...readTestFile(path, text, workerPaths).diagnostics);
  }

  diagnostics.sort(compareDiagnostics);
  return { manifest, workers, workerPaths, schemas, diagnostics };
}

function suggestName(name: string, known: Iterable<string>): string | undefined {
  return suggestKey(name, [...known]);
}
