// After `next build`: every script of the build's static folder rewritten so that it has no
// character above U+00FF (lib/build/latin1-javascript.mjs says why and how). A script that links a
// source map (a build made with WORKERBENCH_SOURCE_MAPS=1) is left as it is: its map would point a
// few columns off after each escape.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { log } from 'node:console';
import { performance } from 'node:perf_hooks';
import { latin1JavaScript } from '../lib/build/latin1-javascript.mjs';

const buildDirectory = process.env.NEXT_DIST_DIR || '.next';
const staticFolder = path.join(buildDirectory, 'static');

function scriptsUnder(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) return scriptsUnder(entryPath);
    return /\.m?js$/.test(entry.name) ? [entryPath] : [];
  });
}

const started = performance.now();
const counts = { scripts: 0, rewritten: 0, escaped: 0, withMaps: 0 };
const left = [];
for (const file of scriptsUnder(staticFolder)) {
  counts.scripts += 1;
  const source = readFileSync(file, 'utf8');
  if (/^\/\/# sourceMappingURL=/m.test(source)) {
    counts.withMaps += 1;
    continue;
  }
  const result = latin1JavaScript(source);
  if (result.escaped > 0) {
    writeFileSync(file, result.text);
    counts.rewritten += 1;
    counts.escaped += result.escaped;
  }
  if (result.left > 0) left.push(`${path.relative(buildDirectory, file)}: ${result.left} left${result.reason === undefined ? ' (tagged templates)' : `, ${result.reason}`}`);
}
log(
  `latin-1 scripts: ${counts.rewritten} of ${counts.scripts} rewritten (${counts.escaped} characters escaped)` +
    `${counts.withMaps > 0 ? `, ${counts.withMaps} with source maps left as they are` : ''} in ${Math.round(performance.now() - started)} ms`,
);
for (const line of left) log(`  ${line}`);
