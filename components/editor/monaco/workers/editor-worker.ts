// Entry of Monaco's base editor worker, bundled by Turbopack from a relative
// `new URL(..., import.meta.url)` so no CDN or public copy is needed.
import 'monaco-editor/editor/editor.worker.js';
