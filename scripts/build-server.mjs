// After `next build`: server.ts and what it imports (the API's route handlers and lib/) compiled
// into one CommonJS file in the build's folder, which `npm start` runs (bin/workerbench-server.cjs),
// and beside it pages-server.ts, the process it starts for Next's pages.
// Packages stay in node_modules, as they are for Next's own server code. `server-only` resolves
// to its empty module, as it does for Next's route handlers (the react-server condition).
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { log } from 'node:console';

const require = createRequire(import.meta.url);
const buildDirectory = process.env.NEXT_DIST_DIR || '.next';
const entries = [
  { entry: 'server.ts', outfile: path.join(buildDirectory, 'workerbench-server.cjs') },
  { entry: 'pages-server.ts', outfile: path.join(buildDirectory, 'workerbench-pages-server.cjs') },
];

for (const { entry, outfile } of entries) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    alias: { 'server-only': path.join(path.dirname(require.resolve('server-only')), 'empty.js') },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  log(`server: ${outfile}`);
}
