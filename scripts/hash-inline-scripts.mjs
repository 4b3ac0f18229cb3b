// After `next build`: the sha256 CSP sources of every inline script in the prerendered pages,
// written beside the build for proxy.ts to read at start (lib/security/build-script-hashes.ts).
// The pages are static, so their inline scripts are fixed per build; a rebuild rewrites this file.
// It also fails the build when the IDE's page is no longer prerendered. (A build made without this
// step still works: the proxy hashes the pages itself at start.)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { log } from 'node:console';
import { prerenderedPageHashes } from '../lib/security/inline-script-hashes.mjs';

const buildDirectory = process.env.NEXT_DIST_DIR || '.next';
const { hashes, pages } = prerenderedPageHashes(buildDirectory);
writeFileSync(path.join(buildDirectory, 'inline-script-hashes.json'), `${JSON.stringify({ hashes }, null, 2)}\n`);
log(`inline script hashes: ${hashes.length} from ${pages} prerendered pages`);
