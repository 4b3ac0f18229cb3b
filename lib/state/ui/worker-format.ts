/**
 * Facts about the worker file format the UI shows (the editor's frontmatter
 * hints, which files get a tool preview), from lib/worker. Components reach
 * lib only through lib/state (eslint.config.mjs), so they are offered here.
 */
export { workerFrontmatterJsonSchema } from '@/lib/worker/worker-json-schema';
export { isWorkerFilePath } from '@/lib/worker/worker-file-path';
export { quickFixEdit, type QuickFixEdit } from '@/lib/worker/quick-fix';
