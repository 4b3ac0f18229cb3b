/**
 * Share links and zips: how long links get (our zlib + base64url scheme against
 * lz-string's compressToEncodedURIComponent of the same JSON) and how fast a
 * large project encodes and decodes. Numbers only; nothing here asserts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressToEncodedURIComponent } from 'lz-string';
import { EXAMPLE_PROJECT_NAME, exampleProjectFiles } from '@/lib/project/example-project';
import { decodeShareFragment, encodeShareFragment, MAX_LINK_LENGTH, toSharePayload } from '@/lib/share/share-link';
import { exportProjectZip, importProjectZip } from '@/lib/share/zip-archive';
import type { SharedFile, SharedProject } from '@/lib/share/share-result';
import { generatedProject } from './support/generated-project';

const RUNS = 21;
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function median(samples: number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timeMedian(run: () => unknown): number {
  run(); // warm-up: JIT and fflate's lazily built tables
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function sampleDecks(): SharedFile[] {
  const folder = path.join(repositoryRoot, 'public/examples/pitch-deck/input');
  try {
    return readdirSync(folder)
      .filter((name) => name.endsWith('.pdf'))
      .sort()
      .map((name) => ({ path: `input/${name}`, data: new Uint8Array(readFileSync(path.join(folder, name))) }));
  } catch {
    return [];
  }
}


function linkRow(label: string, project: SharedProject, includeBinary: boolean): string[] {
  const encoded = encodeShareFragment(project, { includeBinary });
  const included = { name: project.name, files: project.files.filter((file) => encoded.includedFiles.includes(file.path)) };
  const lz = `#lz=${compressToEncodedURIComponent(JSON.stringify(toSharePayload(included)))}`;
  const json = JSON.stringify(toSharePayload(included)).length;
  return [label, String(encoded.includedFiles.length), String(json), String(encoded.length), String(lz.length), (encoded.length / lz.length).toFixed(2), encoded.overLimit ? 'yes' : 'no'];
}

function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

const example: SharedProject = { name: EXAMPLE_PROJECT_NAME, files: exampleProjectFiles() };
const exampleWithDecks: SharedProject = { name: EXAMPLE_PROJECT_NAME, files: [...example.files, ...sampleDecks()] };
const large = generatedProject(200);

console.log(`Link length (characters of the fragment; limit ${MAX_LINK_LENGTH})`);
printTable(
  ['project', 'files', 'JSON chars', 'wb1 (zlib+b64url)', 'lz-string', 'wb1/lz', 'over limit'],
  [
    linkRow('example, text only', example, false),
    linkRow('example + sample PDFs', exampleWithDecks, true),
    linkRow('generated 200 workers', large, false),
  ],
);

const encoded = encodeShareFragment(large, { includeBinary: false });
const zip = exportProjectZip(large);
console.log(`\nSpeed, generated 200-worker project (median of ${RUNS} runs)`);
printTable(
  ['operation', 'ms', 'size'],
  [
    ['encodeShareFragment', timeMedian(() => encodeShareFragment(large, { includeBinary: false })).toFixed(2), `${encoded.length} chars`],
    ['decodeShareFragment', timeMedian(() => decodeShareFragment(encoded.fragment)).toFixed(2), `${large.files.length} files`],
    ['lz-string compress (same JSON)', timeMedian(() => compressToEncodedURIComponent(JSON.stringify(toSharePayload(large)))).toFixed(2), ''],
    ['exportProjectZip', timeMedian(() => exportProjectZip(large)).toFixed(2), `${zip.length} bytes`],
    ['importProjectZip', timeMedian(() => importProjectZip(zip)).toFixed(2), ''],
  ],
);
if (!decodeShareFragment(encoded.fragment).ok || !importProjectZip(zip).ok) {
  console.error('round trip failed');
  process.exit(1);
}
