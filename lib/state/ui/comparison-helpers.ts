/**
 * The pure helpers the run's and the comparison's views use to lay out what they show: line
 * diffs and a run's timeline. Apart from view-helpers.ts, whose helpers the file tree needs before
 * it is interactive: these load with the views that use them.
 */
export { diffLines, type DiffLine } from '@/lib/text/line-diff';
export { runTimeline, type RunTimeline, type TimelineRow, type TimelineSegment } from '@/lib/run-tree/run-timeline';
