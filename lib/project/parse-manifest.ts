import type { Diagnostic } from '@/lib/worker/diagnostic';
import { diagnosticsFromIssues } from '@/lib/worker/schema-issue-diagnostics';
import { parseJsonWithPositions } from '@/lib/project/json-positions';
import { normalizeProjectPath } from '@/lib/project/project-paths';
import { normalizeLlmDoManifest } from '@/lib/project/llm-do-manifest';
import { MANIFEST_FILE_NAME, projectManifestSchema, type ProjectManifest } from '@/lib/project/manifest-schema';
import type { SourceMap } from '@/lib/worker/yaml-source-map';

/**
 * Reads `project.json`. A broken manifest never stops the project from
 * opening: syntax errors give the defaults, and fields that fail validation are
 * dropped (with a diagnostic at the field) while the valid ones are kept.
 */

export interface ParsedManifest {
  manifest: ProjectManifest;
  diagnostics: Diagnostic[];
  /** Locates manifest fields; absent when the JSON did not parse. */
  sourceMap?: SourceMap;
}

export function defaultManifest(): ProjectManifest {
  return projectManifestSchema.parse({});
}

export function parseManifest(text: string, filePath: string = MANIFEST_FILE_NAME): ParsedManifest {
  const diagnostics: Diagnostic[] = [];
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) {
    diagnostics.push({ file: filePath, ...parsed.range, severity: 'error', code: 'json-syntax', message: parsed.message });
    return { manifest: defaultManifest(), diagnostics };
  }
  const { value, sourceMap } = parsed;
  for (const range of parsed.duplicateKeys) {
    diagnostics.push({ file: filePath, ...range, severity: 'warning', code: 'duplicate-key', message: 'This key appears more than once; the last value is used' });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    diagnostics.push({
      file: filePath,
      ...sourceMap.locate([]),
      severity: 'error',
      code: 'manifest-not-object',
      message: 'project.json must be a JSON object such as {"entry": "main"}',
    });
    return { manifest: defaultManifest(), diagnostics, sourceMap };
  }

  let data: Record<string, unknown> = normalizeLlmDoManifest({ ...(value as Record<string, unknown>) }, ({ path, code, message, severity }) => {
    diagnostics.push({ file: filePath, ...sourceMap.locate(path), severity, code, message });
  });
  const first = projectManifestSchema.safeParse(data);
  let manifest: ProjectManifest;
  if (first.success) {
    manifest = first.data;
  } else {
    diagnostics.push(
      ...diagnosticsFromIssues(first.error.issues, {
        file: filePath,
        data,
        sourceMap,
        schema: projectManifestSchema,
        subject: 'project.json',
      }),
    );
    // Keep every top-level field that is valid; the broken ones fall back to defaults.
    const broken = new Set<string>();
    for (const issue of first.error.issues) {
      if (issue.code === 'unrecognized_keys' && issue.path.length === 0) issue.keys.forEach((key) => broken.add(key));
      else if (issue.path.length > 0) broken.add(String(issue.path[0]));
    }
    data = Object.fromEntries(Object.entries(data).filter(([key]) => !broken.has(key)));
    const second = projectManifestSchema.safeParse(data);
    manifest = second.success ? second.data : defaultManifest();
  }

  diagnostics.push(...pathDiagnostics(manifest, filePath, sourceMap));
  if (diagnostics.some((entry) => entry.code === 'invalid-path' && entry.message.startsWith('"generated_workers_dir"'))) {
    delete manifest.generated_workers_dir;
  }
  return { manifest, diagnostics, sourceMap };
}

/** Folder and file paths in the manifest must stay inside the project. */
function pathDiagnostics(manifest: ProjectManifest, file: string, sourceMap: SourceMap): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const check = (value: string, path: (string | number)[], label: string) => {
    const normalized = normalizeProjectPath(value);
    if (normalized === null || normalized === '') {
      diagnostics.push({
        file,
        ...sourceMap.locate(path),
        severity: 'error',
        code: 'invalid-path',
        message: `"${label}" must be a path inside the project, such as "generated", but it is ${JSON.stringify(value)}`,
      });
    }
  };
  if (manifest.generated_workers_dir !== undefined) check(manifest.generated_workers_dir, ['generated_workers_dir'], 'generated_workers_dir');
  manifest.worker_files?.forEach((entry, index) => check(entry, ['worker_files', index], `worker_files[${index}]`));
  return diagnostics;
}
