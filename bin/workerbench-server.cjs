#!/usr/bin/env node
/**
 * `npm start`: the production server of the last `npm run build` (server.ts,
 * compiled into the build's folder by scripts/build-server.mjs), in the current
 * folder like `next start`. NEXT_DIST_DIR names another build's folder.
 */
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');

const compiled = path.resolve(process.env.NEXT_DIST_DIR || '.next', 'workerbench-server.cjs');
if (!existsSync(compiled)) {
  process.stderr.write(`error: no production build at ${path.dirname(compiled)} (${path.basename(compiled)} is missing): run \`npm run build\` first.\n`);
  process.exit(1);
}
require(compiled);
