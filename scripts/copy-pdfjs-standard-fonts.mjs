// Copies pdf.js's standard fonts (the 14 base PDF fonts, as Foxit and Liberation files) into
// public/, so pdf.js loads them from the app itself (standardFontDataUrl in
// lib/pdf/load-pdfjs-browser.ts) instead of logging that it has none. Run before every build and
// dev server; the copy is not kept in git, the package is its source.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const source = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'pdfjs', 'standard_fonts');

rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
cpSync(source, target, { recursive: true });
