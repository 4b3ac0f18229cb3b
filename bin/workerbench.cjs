#!/usr/bin/env node
/**
 * `npx workerbench …` in a checkout: runs lib/cli/main.ts through tsx (a
 * devDependency the checkout already has after `npm ci`), so there is no build
 * step. The provider registry is marked server-only for Next; outside Next
 * that marker must resolve to its empty module, as it does in a route handler.
 */
'use strict';
const path = require('node:path');

// tsx finds tsconfig.json (the "@/" paths) in the current folder unless told; the command runs from anywhere.
process.env.TSX_TSCONFIG_PATH ??= path.join(__dirname, '..', 'tsconfig.json');
require('tsx/cjs/api').register();
const markerPath = require.resolve('server-only');
const emptyPath = path.join(path.dirname(markerPath), 'empty.js');
require(emptyPath);
require.cache[markerPath] = require.cache[emptyPath];

const { main } = require('../lib/cli/main.ts');
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`error: ${error && error.stack ? error.stack : String(error)}\n`);
    process.exitCode = 2;
  },
);
