/**
 * `npm run bench`: runs every `bench/*.bench.ts` in its own process (so one
 * benchmark's warm caches never flatter the next) and prints their numbers.
 */
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const benchDirectory = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benchFiles = readdirSync(benchDirectory)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((filter) => name.includes(filter)))
  .sort();

let failures = 0;
for (const file of benchFiles) {
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDirectory, file)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) failures += 1;
}
if (failures > 0) {
  console.error(`\n${failures} benchmark(s) failed`);
  process.exit(1);
}
