import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * `import 'server-only'` throws unless the `react-server` export condition is
 * active, which Next turns on for route handlers but plain `node --import tsx`
 * does not. Requiring this file first makes `server-only` resolve to its own
 * empty module, as it does inside Next, so a bench can load the real route.
 * (tsx runs this repository's .ts files as CommonJS, so the require cache is
 * what their `import 'server-only'` consults.)
 */
const require = createRequire(import.meta.url);
const markerPath = require.resolve('server-only');
const emptyPath = path.join(path.dirname(markerPath), 'empty.js');
require(emptyPath);
require.cache[markerPath] = require.cache[emptyPath];
