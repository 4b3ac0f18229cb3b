/**
 * The pure helpers components use to present values: sizes, line diffs, the
 * message of anything thrown, project folders. Components reach lib only
 * through lib/state (a lint rule in eslint.config.mjs), so these are offered
 * here: when a helper moves inside lib, only this file changes.
 */
export { formatBytes } from '@/lib/text/format-bytes';
export { diffLines, type DiffLine } from '@/lib/text/line-diff';
export { errorMessage } from '@/lib/errors/error-message';
export { runTimeline, type RunTimeline, type TimelineRow, type TimelineSegment } from '@/lib/run-tree/run-timeline';
