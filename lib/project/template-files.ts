import type { ProjectFile } from '@/lib/project/analyze-project';
import { isAgentFile } from '@/lib/worker/llm-do-frontmatter';
import { expandTemplates, hasTemplateSyntax, MAX_TEMPLATE_DEPTH } from '@/lib/worker/worker-templates';
import { isWorkerFilePath } from '@/lib/worker/worker-file-path';

/**
 * The files legacy llm-do templates in `.worker` files name ({{ file() }},
 * {% include %}), and those their includes name, read in rounds until nothing
 * new is asked for, so the analysis can expand the instructions. A template
 * may name any file (PROCEDURE.md, templates/intro.txt), so which files the
 * analysis needs beyond workers and JSON is only known by expanding: both the
 * runtime's loader (discover-project.ts) and the editor's checker use this,
 * so the page and the run see the same files.
 */
export interface TemplateFiles {
  /** Files read for the templates (not among the files given). */
  files: ProjectFile[];
  /** Every path a template asked for, found or not: a later change to one of them changes the diagnostics. */
  asked: Set<string>;
}

/** `read` returns the text of a project file, or undefined when there is no such (readable, not too large) file. */
export async function readTemplateFiles(given: readonly ProjectFile[], read: (path: string) => Promise<string | undefined>): Promise<TemplateFiles> {
  const known = new Map(given.map((file) => [file.path, file.text]));
  const asked = new Set<string>();
  const files: ProjectFile[] = [];
  const templated = given.filter((file) => !isAgentFile(file.path) && isWorkerFilePath(file.path) && hasTemplateSyntax(file.text));
  for (let round = 0; round <= MAX_TEMPLATE_DEPTH && templated.length > 0; round += 1) {
    const wanted = new Set<string>();
    const lookup = (path: string) => {
      const text = known.get(path);
      if (text === undefined && !asked.has(path)) wanted.add(path);
      if (text !== undefined) asked.add(path);
      return text;
    };
    for (const file of templated) expandTemplates(file.text, { workerPath: file.path, readText: lookup });
    if (wanted.size === 0) break;
    for (const path of wanted) {
      asked.add(path);
      const text = await read(path);
      if (text === undefined) continue;
      known.set(path, text);
      files.push({ path, text });
    }
  }
  return { files, asked };
}
