import { readFileSync } from 'node:fs';
import { matchesPathGlob } from '@/lib/text/glob-match';
import type { FileSystem } from '@/lib/vfs/file-system';
import { walkFiles } from '@/lib/vfs/walk-files';
import { UsageError } from '../usage-error';

/** One item of a batch: one run of the worker. The id names its output file and its line in the state file. */
export interface BatchItem {
  id: string;
  input: unknown;
  attachments: string[];
}

/** Ids become file names: anything but letters, digits, ".", "-" and "_" becomes "_". */
function safeId(raw: string): string {
  const id = raw.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return id === '' ? '_' : id.slice(0, 120);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * --inputs file.jsonl: one item per line. A line `{"input": …, "id"?: …,
 * "attachments"?: [...]}` says all three; any other JSON value is the input
 * itself (its id is its line number).
 */
export function itemsFromJsonLines(filePath: string): BatchItem[] {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch {
    throw new UsageError(`--inputs ${filePath}: no such file.`);
  }
  const lines = text.split('\n');
  const width = String(lines.length).length;
  const items: BatchItem[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new UsageError(`--inputs ${filePath}, line ${index + 1}: not JSON (${(error as Error).message}).`);
    }
    const lineId = `line-${String(index + 1).padStart(width, '0')}`;
    if (isRecord(value) && 'input' in value) {
      const attachments = value.attachments;
      if (attachments !== undefined && (!Array.isArray(attachments) || !attachments.every((entry) => typeof entry === 'string'))) {
        throw new UsageError(`--inputs ${filePath}, line ${index + 1}: "attachments" must be a list of project paths.`);
      }
      items.push({ id: safeId(value.id === undefined ? lineId : String(value.id)), input: value.input, attachments: (attachments as string[] | undefined) ?? [] });
    } else items.push({ id: lineId, input: value, attachments: [] });
  });
  return unique(items);
}

/** --each 'input/*.pdf': one item per project file the glob matches, attached; the input says which file. */
export async function itemsFromGlob(sandbox: FileSystem, pattern: string, inputTemplate: string): Promise<BatchItem[]> {
  const files = (await walkFiles(sandbox, '')).map((file) => file.path).filter((path) => matchesPathGlob(path, pattern));
  if (files.length === 0) throw new UsageError(`--each ${pattern} matches no file of the project.`);
  return unique(files.map((path) => ({ id: safeId(path.replace(/\.[^./]+$/, '').split('/').join('__')), input: inputTemplate.split('{path}').join(path), attachments: [path] })));
}

function unique(items: BatchItem[]): BatchItem[] {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) throw new UsageError(`Two batch items have the id "${item.id}"; ids name the output files and must be unique.`);
    seen.add(item.id);
  }
  if (items.length === 0) throw new UsageError('The batch has no items.');
  return items;
}
